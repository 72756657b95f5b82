package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"time"

	"github.com/packline/packline/internal/documents"
	"github.com/packline/packline/internal/storage"
)

// loadDocuments files a certificate of analysis (PDF), a photo of a pallet
// (PNG) and a bill of lading (CSV) against the oldest demo batches, and a
// signed SOP acknowledgement against the first employee, each dated the
// day it arrived.
func loadDocuments(ctx context.Context, s Services) error {
	if s.Documents == nil {
		return nil
	}
	var uid int64
	if err := s.DB.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, Email).Scan(&uid); err != nil {
		return err
	}
	by := documents.Actor{UserID: uid, Name: "Dana Demo"}
	batches, err := firstIDs(ctx, s.DB, `SELECT id, code FROM inventory_batches ORDER BY id LIMIT 2`)
	if err != nil {
		return err
	}
	employees, err := firstIDs(ctx, s.DB, `SELECT id, last_name FROM employees ORDER BY id LIMIT 1`)
	if err != nil {
		return err
	}
	projectIDs, err := firstIDs(ctx, s.DB, `SELECT id, name FROM projects ORDER BY id LIMIT 1`)
	if err != nil {
		return err
	}
	entries, err := firstIDs(ctx, s.DB, `SELECT id, date FROM production_entries WHERE reversed_at IS NULL ORDER BY date DESC, id LIMIT 1`)
	if err != nil {
		return err
	}
	type demoDoc struct {
		name, typ, kind string
		link            []linked
		daysAgo         int
		body            []byte
	}
	var docs []demoDoc
	if len(batches) > 0 {
		b := batches[0]
		docs = append(docs,
			demoDoc{"COA " + b.label + ".pdf", documents.TypeCertificate, documents.LinkBatch, batches[:1], 74,
				demoPDF("Certificate of analysis", "Batch "+b.label, "Moisture 11.8 %  (limit 14 %)", "Aflatoxin < 2 ppb", "Released for packing")},
			demoDoc{"Pallet photo " + b.label + ".png", documents.TypePhoto, documents.LinkBatch, batches[:1], 74, demoPNG()},
		)
	}
	if len(batches) > 1 {
		docs = append(docs, demoDoc{"Bill of lading " + batches[1].label + ".csv", documents.TypeBillOfLading,
			documents.LinkBatch, batches[1:2], 21, []byte(demoBOL)})
	}
	if len(employees) > 0 {
		docs = append(docs, demoDoc{"Food safety SOP acknowledgement.pdf", documents.TypeSOP, documents.LinkEmployee,
			employees[:1], 10, demoPDF("SOP 4.2 - Allergen control", "Read and understood", "Signed on the packing floor")})
	}
	if len(projectIDs) > 0 {
		docs = append(docs, demoDoc{"Project brief " + projectIDs[0].label + ".pdf", documents.TypeOther, documents.LinkProject,
			projectIDs[:1], 35, demoPDF("Project brief", projectIDs[0].label, "Partner contact and delivery windows", "Target quantities agreed")})
	}
	if len(entries) > 0 {
		docs = append(docs, demoDoc{"Line check " + entries[0].label + ".png", documents.TypePhoto, documents.LinkProduction,
			entries[:1], 0, demoPNG()})
	}
	docs = append(docs, demoDoc{"Packing line SOP.txt", documents.TypeSOP, "", nil, 30, []byte(demoSOP)})
	for _, d := range docs {
		n := documents.NewDocument{Name: d.name, Type: d.typ}
		if len(d.link) > 0 {
			n.LinkKind, n.LinkID = d.kind, d.link[0].id
		}
		doc, err := s.Documents.Upload(ctx, n, bytes.NewReader(d.body), by)
		if err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
		at := time.Now().AddDate(0, 0, -d.daysAgo).Add(-3 * time.Hour)
		if err := s.DB.WithTx(ctx, func(tx *storage.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE documents SET uploaded_at = ? WHERE id = ?`, storage.Millis(at), doc.ID)
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

type linked struct {
	id    int64
	label string
}

func firstIDs(ctx context.Context, db *storage.DB, q string) ([]linked, error) {
	rows, err := db.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []linked
	for rows.Next() {
		var l linked
		if err := rows.Scan(&l.id, &l.label); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

const demoBOL = `line,description,quantity,unit,pallets
1,Long-grain white rice (25 kg sacks),750,kg,2
2,Textured soy protein (20 kg sacks),500,kg,1
3,Shipping box (flat),1200,each,1
`

const demoSOP = `Packing line start-up
1. Wash hands, hair net on, no jewellery.
2. Sanitise the funnel table and scoops.
3. Check the scale with the 1 kg test weight.
4. Record the first batch codes on the daily sheet.
`

// demoPDF is a one-page PDF with a title and a few lines of text.
func demoPDF(title string, lines ...string) []byte {
	esc := strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`)
	var content strings.Builder
	content.WriteString("BT /F1 20 Tf 72 740 Td (" + esc.Replace(title) + ") Tj ET\n")
	for i, l := range lines {
		fmt.Fprintf(&content, "BT /F1 12 Tf 72 %d Td (%s) Tj ET\n", 700-i*20, esc.Replace(l))
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// demoPNG is a small picture of stacked sacks on a pallet.
func demoPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 240, 160))
	sky := color.RGBA{0xdc, 0xe8, 0xf7, 0xff}
	floor := color.RGBA{0x9a, 0x9a, 0x9a, 0xff}
	pallet := color.RGBA{0xb0, 0x7d, 0x48, 0xff}
	sack := color.RGBA{0xee, 0xe0, 0xc0, 0xff}
	for y := 0; y < 160; y++ {
		for x := 0; x < 240; x++ {
			c := sky
			switch {
			case y >= 130:
				c = floor
			case y >= 118 && x >= 50 && x < 190:
				c = pallet
			case y >= 40 && x >= 56 && x < 184 && (x-56)%32 < 30 && (y-40)%26 < 24:
				c = sack
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}
