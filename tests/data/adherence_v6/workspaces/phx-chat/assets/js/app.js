import "phoenix_html"
