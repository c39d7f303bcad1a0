// The vanilla PrimeTime app (issue 5) lands here: `@Observable` models and closures.
// It imports only PrimeTimeCore, never the composable library (DESIGN.md §2).
import PrimeTimeCore
