package storage_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

type docsEnv struct {
	db    *storage.DB
	svc   *documents.Service
	org   *organisation.Service
	msg   *messaging.Service
	clock *time.Time
	ada   documents.Actor
	sam   documents.Actor
}

// forEachDocs runs fn against a fresh docsEnv on every engine.
func forEachDocs(t *testing.T, fn func(t *testing.T, e *docsEnv)) {
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) { fn(t, newDocs(t, db)) })
}

func newDocs(t *testing.T, db *storage.DB) *docsEnv {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	acc := storage.NewAccountService(db, log)
	var actors []documents.Actor
	for _, n := range []string{"Ada", "Sam"} {
		u, err := acc.CreateUser(ctx, accounts.NewUser{Email: strings.ToLower(n) + "@example.org", Password: "correct-horse", FirstName: n, LastName: "Test"})
		if err != nil {
			t.Fatal(err)
		}
		actors = append(actors, documents.Actor{UserID: u.ID, Name: n + " Test"})
	}
	now := time.Now().UTC()
	e := &docsEnv{db: db, org: storage.NewOrganisationService(db), msg: storage.NewMessagingService(db), clock: &now, ada: actors[0], sam: actors[1]}
	cal := &organisation.Calendar{Settings: e.org, Clock: func() time.Time { return *e.clock }}
	e.svc = documents.NewService(storage.NewDocumentStore(db), e.org, e.msg, cal, log)
	return e
}

func (e *docsEnv) upload(t *testing.T, name string, body []byte, typ string) *documents.Document {
	t.Helper()
	d, err := e.svc.Upload(context.Background(), documents.NewDocument{Name: name, Type: typ}, bytes.NewReader(body), e.ada)
	if err != nil {
		t.Fatalf("upload %s: %v", name, err)
	}
	return d
}

func count(t *testing.T, db *storage.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func readAll(t *testing.T, e *docsEnv, id int64) []byte {
	t.Helper()
	_, rc, err := e.svc.Open(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDocumentsStoreChunksAndDedupe(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		// Just over three chunks, so the last one is short.
		body := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("0123456789abcdef"), 3*documents.ChunkSize/16+100)...)
		a := e.upload(t, "coa.pdf", body, documents.TypeCertificate)
		b := e.upload(t, "copy of coa.pdf", body, documents.TypeInvoice)
		if a.SHA256 != b.SHA256 || a.ID == b.ID || a.Size != int64(len(body)) || a.ContentType != documents.TypePDF {
			t.Fatalf("a %+v b %+v", a, b)
		}
		if n := count(t, e.db, `SELECT COUNT(*) FROM document_contents`); n != 1 {
			t.Fatalf("identical files stored %d times, want once", n)
		}
		if n := count(t, e.db, `SELECT COUNT(*) FROM document_chunks`); n != 4 {
			t.Fatalf("%d chunks, want 4", n)
		}
		if got := readAll(t, e, b.ID); !bytes.Equal(got, body) {
			t.Fatalf("read back %d bytes, differ from the %d uploaded", len(got), len(body))
		}
	})
}

func TestDocumentsUploadLimitIsAnOrganisationSetting(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		ctx := context.Background()
		if got, _ := e.svc.MaxUploadBytes(ctx); got != 50<<20 {
			t.Fatalf("default limit %d, want 50 MiB", got)
		}
		one := 1
		if _, err := e.org.Update(ctx, organisation.Patch{MaxUploadMiB: &one}); err != nil {
			t.Fatal(err)
		}
		body := append([]byte("a,b\n"), bytes.Repeat([]byte("1,2\n"), 1<<18)...) // 1 MiB + 4 bytes
		_, err := e.svc.Upload(ctx, documents.NewDocument{Name: "big.csv"}, bytes.NewReader(body), e.ada)
		if apperr.CodeOf(err) != "file.too_large" || apperr.KindOf(err) != apperr.TooLarge {
			t.Fatalf("over the limit: %v, want file.too_large", err)
		}
		if n := count(t, e.db, `SELECT COUNT(*) FROM document_contents`); n != 0 {
			t.Fatalf("a refused upload left %d contents", n)
		}
		e.upload(t, "fits.csv", body[:1<<20], documents.TypeOther)
	})
}

func TestDocumentsRefuseWrongTypesAndBadZips(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		ctx := context.Background()
		for name, body := range map[string][]byte{
			"invoice.pdf": []byte("MZ\x90\x00 an executable"),
			"evil.zip":    zipOf(t, map[string]string{"../escape.txt": "x"}),
			"bomb.zip":    zipOf(t, map[string]string{"zeros": strings.Repeat("\x00", 4<<20)}),
		} {
			_, err := e.svc.Upload(ctx, documents.NewDocument{Name: name}, bytes.NewReader(body), e.ada)
			if apperr.KindOf(err) != apperr.Invalid {
				t.Errorf("%s: %v, want refused", name, err)
			}
		}
		if n := count(t, e.db, `SELECT COUNT(*) FROM document_contents`); n != 0 {
			t.Fatalf("refused uploads left %d contents", n)
		}
	})
}

func zipOf(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for n, body := range files {
		w, _ := zw.Create(n)
		_, _ = w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDocumentsZipIsListedAndNotifiesTheOthers(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		ctx := context.Background()
		z := zipOf(t, map[string]string{"photos/pallet.jpg": "jpeg bytes", "bol.csv": "a,b\n1,2\n"})
		d, err := e.svc.Upload(ctx, documents.NewDocument{Name: "delivery.zip", Type: documents.TypeBillOfLading}, bytes.NewReader(z), e.ada)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Entries) != 2 {
			t.Fatalf("entries %+v", d.Entries)
		}
		got, _ := e.svc.Get(ctx, d.ID)
		if len(got.Entries) != 2 {
			t.Fatalf("stored entries %+v", got.Entries)
		}
		page, err := e.msg.List(ctx, e.sam.UserID, messaging.Filter{Limit: 10})
		list := page.Notifications
		if err != nil || len(list) != 1 || list[0].Kind != "zip_upload" ||
			list[0].Params["name"] != "Ada Test" || list[0].Params["type"] != "Bill of lading" {
			t.Fatalf("Sam's notifications %+v, %v", list, err)
		}
		if mine, _ := e.msg.List(ctx, e.ada.UserID, messaging.Filter{Limit: 10}); len(mine.Notifications) != 0 {
			t.Fatalf("the uploader was notified of their own upload: %+v", mine)
		}
	})
}

func TestDocumentsTrashRestoreAndPurge(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		ctx := context.Background()
		shared := []byte("line,qty\n1,2\n")
		keep := e.upload(t, "keep.csv", shared, documents.TypeOther)
		gone := e.upload(t, "gone.csv", shared, documents.TypeOther)
		alone := e.upload(t, "alone.txt", []byte("only me\n"), documents.TypeOther)

		for _, id := range []int64{gone.ID, alone.ID} {
			if err := e.svc.Delete(ctx, id, e.sam); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.svc.Delete(ctx, gone.ID, e.sam); apperr.KindOf(err) != apperr.NotFound {
			t.Fatalf("deleting twice: %v", err)
		}
		if _, err := e.svc.Get(ctx, gone.ID); apperr.KindOf(err) != apperr.NotFound {
			t.Fatalf("a trashed document is still served: %v", err)
		}
		live, total, _ := e.svc.List(ctx, documents.Filter{})
		if total != 1 || live[0].ID != keep.ID {
			t.Fatalf("live %+v", live)
		}
		trash, total, _ := e.svc.List(ctx, documents.Filter{Trashed: true})
		if total != 2 || trash[0].DeletedByName != "Sam Test" || trash[0].PurgeAt == nil ||
			!trash[0].PurgeAt.Equal(trash[0].DeletedAt.Add(30*24*time.Hour)) {
			t.Fatalf("trash %+v", trash)
		}

		// Restored, then deleted again: the 30 days start over.
		if _, err := e.svc.Restore(ctx, alone.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Restore(ctx, alone.ID); apperr.KindOf(err) != apperr.NotFound {
			t.Fatalf("restoring a live document: %v", err)
		}
		if err := e.svc.Delete(ctx, alone.ID, e.ada); err != nil {
			t.Fatal(err)
		}

		// 29 days on nothing goes; 31 days on both trashed documents go, the
		// content only "alone" used with them, the content "keep" shares stays.
		*e.clock = e.clock.Add(29 * 24 * time.Hour)
		if docs, contents, err := e.svc.Purge(ctx); err != nil || docs != 0 || contents != 0 {
			t.Fatalf("purge at 29 days: %d, %d, %v", docs, contents, err)
		}
		*e.clock = e.clock.Add(2 * 24 * time.Hour)
		docs, contents, err := e.svc.Purge(ctx)
		if err != nil || docs != 2 || contents != 1 {
			t.Fatalf("purge at 31 days: %d documents, %d contents, %v; want 2, 1", docs, contents, err)
		}
		if got := readAll(t, e, keep.ID); !bytes.Equal(got, shared) {
			t.Fatal("the shared content was purged with the document")
		}
		if n := count(t, e.db, `SELECT COUNT(*) FROM document_contents`); n != 1 {
			t.Fatalf("%d contents left, want 1", n)
		}
		if n := count(t, e.db, `SELECT COUNT(*) FROM document_chunks`); n != 1 {
			t.Fatalf("%d chunks left, want 1", n)
		}
	})
}

func TestDocumentsPurgeRemovesStalePendingContent(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		ctx := context.Background()
		st := storage.NewDocumentStore(e.db)
		id, err := st.BeginContent(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.AppendChunk(ctx, id, 0, []byte("half an upload")); err != nil {
			t.Fatal(err)
		}
		if _, contents, _ := e.svc.Purge(ctx); contents != 0 {
			t.Fatal("an upload under way was purged")
		}
		*e.clock = e.clock.Add(25 * time.Hour)
		if _, contents, _ := e.svc.Purge(ctx); contents != 1 {
			t.Fatalf("stale pending content: purged %d, want 1", contents)
		}
	})
}

func TestDocumentsListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		ctx := context.Background()
		for i, name := range []string{"Invoice March.pdf", "invoice april.pdf", "BOL 17.csv", "100%_done.txt"} {
			body := []byte("%PDF-1.4\n" + name)
			if !strings.HasSuffix(name, ".pdf") {
				body = []byte(name + "\n")
			}
			typ := documents.TypeInvoice
			if i >= 2 {
				typ = documents.TypeBillOfLading
			}
			e.upload(t, name, body, typ)
		}
		check := func(f documents.Filter, want ...string) {
			t.Helper()
			got, total, err := e.svc.List(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, d := range got {
				names = append(names, d.Name)
			}
			if strings.Join(names, "|") != strings.Join(want, "|") || (f.PageSize == 0 && total != len(want)) {
				t.Errorf("%+v: got %v (total %d), want %v", f, names, total, want)
			}
		}
		check(documents.Filter{Search: "INVOICE", Sort: "name"}, "invoice april.pdf", "Invoice March.pdf")
		check(documents.Filter{Search: "%"}, "100%_done.txt")
		check(documents.Filter{Type: documents.TypeBillOfLading, Sort: "name", Desc: true}, "BOL 17.csv", "100%_done.txt")
		check(documents.Filter{Sort: "name", Page: 2, PageSize: 3}, "Invoice March.pdf")
		if _, _, err := e.svc.List(ctx, documents.Filter{Sort: "sha256; drop"}); apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("bad sort: %v", err)
		}
	})
}

func TestDocumentsIdenticalUploadsAtOnceShareOneContent(t *testing.T) {
	t.Parallel()
	forEachDocs(t, func(t *testing.T, e *docsEnv) {
		body := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("same bytes "), 50_000)...)
		const n = 8
		errs := make(chan error, n)
		for i := range n {
			go func() {
				_, err := e.svc.Upload(context.Background(), documents.NewDocument{Name: fmt.Sprintf("copy %d.pdf", i)}, bytes.NewReader(body), e.ada)
				errs <- err
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		if got := count(t, e.db, `SELECT COUNT(*) FROM documents`); got != n {
			t.Fatalf("%d documents, want %d", got, n)
		}
		if got := count(t, e.db, `SELECT COUNT(*) FROM document_contents`); got != 1 {
			t.Fatalf("%d contents for one file uploaded %d times at once, want 1", got, n)
		}
	})
}
