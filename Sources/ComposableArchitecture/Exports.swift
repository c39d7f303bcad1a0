import Clocks
