package tgtest

import (
	"bytes"
	"fmt"
	"image/gif"
	"mime"
	"path"
	"strings"
	"unicode/utf8"
)

// MaxFile is the largest file a bot may upload.
const MaxFile = 50 << 20

// sendFile sends a document or an animation (method, with the file in
// field): an upload (multipart, with a file name) or a file_id sent
// before. An animation must be a GIF that decodes (Telegram takes MP4
// too; the umpire sends GIFs only); a document may be any non-empty file.
func (s *Server) sendFile(p params, method, field string) (any, *apiError) {
	caption := p.get("caption")
	if utf8.RuneCountInString(caption) > MaxCaption {
		return nil, badRequest("message caption is too long")
	}
	data, name, ok := p.files[field], p.names[field], true
	if !ok || data == nil {
		s.mu.Lock()
		data, ok = s.files[p.get(field)]
		s.mu.Unlock()
		if !ok {
			return nil, badRequest("there is no %s in the request", field)
		}
	}
	switch {
	case len(data) == 0:
		return nil, badRequest("file must be non-empty")
	case len(data) > MaxFile:
		return nil, &apiError{code: 413, desc: "Request Entity Too Large"}
	case field == "animation" && !isGIF(data):
		return nil, badRequest("wrong type of the web page content")
	}
	s.mu.Lock()
	s.seq++
	id := fmt.Sprintf("BQACAgQAAxk%06d", s.seq)
	s.files[id] = data
	s.mu.Unlock()
	return s.post(p, Sent{Method: method, Text: caption, File: data, FileName: name, FileID: id})
}

// isGIF reports whether data is a GIF that decodes whole.
func isGIF(data []byte) bool {
	_, err := gif.DecodeAll(bytes.NewReader(data))
	return err == nil
}

// fileOf is the Document of a file sent.
func fileOf(out *Sent) *Document {
	t := mime.TypeByExtension(path.Ext(out.FileName))
	t, _, _ = strings.Cut(t, ";")
	if t == "" {
		t = "application/octet-stream"
	}
	return &Document{FileID: out.FileID, FileUniqueID: "u" + out.FileID, FileName: out.FileName, MimeType: t, FileSize: len(out.File)}
}
