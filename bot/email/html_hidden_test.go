package email

import "testing"

// Hidden parts of an HTML mail are not read: a command a reader cannot
// see (a forwarded mail's trap, a phishing template) is no command.
func TestHTMLHiddenNotRead(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]string{
		`<div style="display:none">resign</div><p>e4</p>`:                       "e4\n\n",
		`<div style="DISPLAY: none !important">resign</div>e4`:                  "e4\n",
		`<span style="visibility:hidden">resign</span>e4`:                       "e4\n",
		`<p hidden>resign</p>e4`:                                                "e4\n",
		`<span style="font-size:0">resign</span>e4`:                             "e4\n",
		`<span style="font-size:1px">resign</span>e4`:                           "e4\n",
		`<span style="opacity:0">resign</span>e4`:                               "e4\n",
		`<span style="color:transparent">resign</span>e4`:                       "e4\n",
		`<span style="color:rgba(0,0,0,0)">resign</span>e4`:                     "e4\n",
		`<div style="max-height:0;overflow:hidden">resign</div>e4`:              "e4\n",
		`<div style="display:none"><p><b>re</b>sign</p><br><img src=x></div>e4`: "e4\n",
		`<div style="display:none"><p>resign</div>e4`:                           "e4\n", // misnested
		`<span style="font-size:12px">e4</span>`:                                "e4\n",
		`<span style="opacity:0.9">e4</span>`:                                   "e4\n",
		`<div style="height:0">e4</div>`:                                        "e4\n", // overflows: seen
		`</div>e4`:                                                              "e4\n",
	} {
		if got := htmlText(src); got != want {
			t.Errorf("htmlText(%q) = %q; want %q", src, got, want)
		}
	}
}
