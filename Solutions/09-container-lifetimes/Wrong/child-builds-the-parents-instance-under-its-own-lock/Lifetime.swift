public enum Lifetime { case transient, shared, weak }
