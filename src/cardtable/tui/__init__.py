"""The tui front end over the table service."""
