// Package mailtest is a tiny SMTP server for tests: it accepts every mail
// sent to it and keeps it, parsed, for the test to read.
package mailtest

import (
	"bufio"
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Mail is one message the server received.
type Mail struct {
	From    string
	To      []string
	Subject string
	Text    string // the text/plain part, decoded
	HTML    string // the text/html part, decoded
}

var linkRE = regexp.MustCompile(`https?://[^\s"<>]+`)

// Link is the first http(s) link of the plain text.
func (m Mail) Link() string { return linkRE.FindString(m.Text) }

// Server is a running capture server.
type Server struct {
	Addr string // host:port
	ln   net.Listener
	mu   sync.Mutex
	got  []Mail
	cond *sync.Cond
	down bool
}

// SetDown makes the server refuse every new connection with "421" (an SMTP
// outage) until it is set back to false.
func (s *Server) SetDown(down bool) {
	s.mu.Lock()
	s.down = down
	s.mu.Unlock()
}

// Start runs a server on a free local port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: ln.Addr().String(), ln: ln}
	s.cond = sync.NewCond(&s.mu)
	go s.accept()
	t.Cleanup(func() { ln.Close() })
	return s
}

// URL is an smtp:// URL of the server, for mail.NewSMTP.
func (s *Server) URL() string { return "smtp://" + s.Addr }

// Mails returns every mail received so far.
func (s *Server) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.got...)
}

// Wait returns the next mail to `to` not yet returned by Wait (the n-th
// call for one address returns its n-th mail), failing the test after 10 s.
func (s *Server) Wait(t testing.TB, to string) Mail {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	timer := time.AfterFunc(10*time.Second, func() { s.mu.Lock(); s.cond.Broadcast(); s.mu.Unlock() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for i, m := range s.got {
			if len(m.To) > 0 && strings.EqualFold(m.To[0], to) && m.From != "\x00seen" {
				s.got[i].From = "\x00seen"
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no mail to %s within 10 s (got %d mails)", to, len(s.got))
		}
		s.cond.Wait()
	}
}

func (s *Server) accept() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		go s.serve(c)
	}
}

func (s *Server) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(c)
	reply := func(line string) { _, _ = io.WriteString(c, line+"\r\n") }
	s.mu.Lock()
	down := s.down
	s.mu.Unlock()
	if down {
		reply("421 mailtest is down")
		return
	}
	reply("220 mailtest ready")
	var from string
	var to []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"):
			reply("250-mailtest")
			reply("250-8BITMIME")
			reply("250 SMTPUTF8")
		case strings.HasPrefix(cmd, "HELO"):
			reply("250 mailtest")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			from, to = addr(line[10:]), nil
			reply("250 OK")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			to = append(to, addr(line[8:]))
			reply("250 OK")
		case cmd == "DATA":
			reply("354 end with .")
			var data bytes.Buffer
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if strings.TrimRight(l, "\r\n") == "." {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			m := parse(data.Bytes())
			m.From, m.To = from, to
			s.mu.Lock()
			s.got = append(s.got, m)
			s.cond.Broadcast()
			s.mu.Unlock()
			reply("250 OK queued")
		case cmd == "QUIT":
			reply("221 bye")
			return
		case cmd == "RSET", cmd == "NOOP":
			reply("250 OK")
		default:
			reply("502 not implemented")
		}
	}
}

func addr(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '>'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimPrefix(s, "<")
}

func parse(raw []byte) Mail {
	var m Mail
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		m.Text = string(raw)
		return m
	}
	dec := new(mime.WordDecoder)
	m.Subject, _ = dec.DecodeHeader(msg.Header.Get("Subject"))
	walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, &m)
	return m
}

func walk(ctype, encoding string, body io.Reader, m *Mail) {
	mt, params, _ := mime.ParseMediaType(ctype)
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err != nil {
				return
			}
			walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, m)
		}
	}
	if strings.EqualFold(encoding, "quoted-printable") {
		body = quotedprintable.NewReader(body)
	}
	b, _ := io.ReadAll(body)
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	switch mt {
	case "text/plain", "":
		m.Text = text
	case "text/html":
		m.HTML = text
	}
}
