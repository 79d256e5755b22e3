"""The web page's own words in Korean, Japanese and English (served to the page as JSON)."""
