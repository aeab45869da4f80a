"""Local HTTP stand-ins for the services the bot talks to (GitHub, ...), shared by tests and benchmarks."""
