// A test file imports this module and gets the library (and Clocks) with it.
@_exported import ComposableArchitecture
