"""Card vision: find and identify the cards laid in the play zone, for any deck a table
teaches it."""
