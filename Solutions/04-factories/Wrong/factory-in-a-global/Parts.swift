/// Wrong on purpose: each car is handed its extinguisher factory, but it is
/// parked in one global variable: the last car built wins for every car.
nonisolated(unsafe) var extinguisherSupplier: () -> FireExtinguisher = { FireExtinguisher() }
