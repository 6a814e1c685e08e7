package webapp

import (
	"embed"
	"net/http"
	"path"
)

// page holds the page: its HTML, its style, its script and the script of
// its frame in Telegram (chrome.js: the theme made legible, safe areas,
// full screen), served as they are, from the binary.
//
//go:embed page/index.html page/app.css page/app.js page/chrome.js
var page embed.FS

// contentTypes are the types of the page's files.
var contentTypes = map[string]string{".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
	".js": "text/javascript; charset=utf-8"}

// servePage serves one of the page's files: / is index.html.
func servePage(w http.ResponseWriter, r *http.Request) {
	name := path.Base(r.URL.Path)
	if name == "/" || name == "." {
		name = "index.html"
	}
	body, err := page.ReadFile("page/" + name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", contentTypes[path.Ext(name)])
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; frame-ancestors https://web.telegram.org https://*.telegram.org")
	w.Write(body)
}
