// The composable PrimeTime app (issue 6) lands here: reducers on our ComposableArchitecture.
import ComposableArchitecture
import PrimeTimeCore
