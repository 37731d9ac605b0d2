"""The fishing family: capture cards from a face-up layout by equal rank or by sum."""
