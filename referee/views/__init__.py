"""What is shown of a game: what the table has seen (the one filter), the record of the
play for JSON, and a season's summaries and statistics."""
