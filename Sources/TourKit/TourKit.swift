@_exported import TourCore
@_exported import TourTerminal
