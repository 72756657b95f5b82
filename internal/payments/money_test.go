package payments

import (
	"testing"

	"github.com/packline/packline/internal/inventory"
)

// The rounding rule of money.go: half up per line, tax half up once on the
// subtotal.
func TestLineAmountRoundsHalfUp(t *testing.T) {
	for _, c := range []struct {
		q     inventory.Quantity
		price int64
		want  int64
	}{
		{inventory.Units(3), 250, 750},
		{1500, 199, 299}, // 1.5 × 1.99 = 2.985 → 2.99 (half up)
		{1500, 198, 297}, // 2.97 exactly
		{333, 100, 33},   // 0.333 × 1.00 = 0.333 → 0.33
		{335, 3, 1},      // 0.335 × 3 = 1.005 → 1
		{500, 1, 1},      // 0.5 → 1 (half up, not to even)
		{2500, 1, 3},     // 2.5 → 3
		{499, 1, 0},      // 0.499 → 0
		{1, 1, 0},        // 0.001 → 0
		{MaxLineQuantity, MaxUnitPrice, 1_000_000 * MaxUnitPrice},
	} {
		if got := LineAmount(c.q, c.price); got != c.want {
			t.Errorf("LineAmount(%s, %d) = %d, want %d", c.q, c.price, got, c.want)
		}
	}
}

func TestTaxRoundsHalfUpOnTheSubtotal(t *testing.T) {
	for _, c := range []struct {
		subtotal int64
		bp       int
		want     int64
	}{
		{10000, 2000, 2000},
		{1, 5000, 1},    // 0.5 → 1
		{1, 4999, 0},    // 0.4999 → 0
		{333, 1500, 50}, // 49.95 → 50
		{999, 825, 82},  // 82.4175 → 82
		{1000, 0, 0},
		{200 * 1_000_000 * MaxUnitPrice, MaxTaxRateBP, 200 * 1_000_000 * MaxUnitPrice}, // no overflow
	} {
		if got := TaxAmount(c.subtotal, c.bp); got != c.want {
			t.Errorf("TaxAmount(%d, %d) = %d, want %d", c.subtotal, c.bp, got, c.want)
		}
	}
}

// Tax is rounded once on the subtotal, not per line: three lines of 0.10
// at 5 % are 0.015 tax in all → 0.02, where per-line rounding would give
// 3 × 0.01 = 0.03 (or 0 rounding each 0.005 to even).
func TestComputeRoundsTaxOnceOnTheSubtotal(t *testing.T) {
	lines := []Line{
		{Description: "a", Quantity: inventory.Units(1), UnitPriceMinor: 10},
		{Description: "b", Quantity: inventory.Units(1), UnitPriceMinor: 10},
		{Description: "c", Quantity: inventory.Units(1), UnitPriceMinor: 10},
	}
	got := Compute(lines, 500)
	if got != (Totals{Subtotal: 30, Tax: 2, Total: 32}) {
		t.Fatalf("totals %+v", got)
	}
	if lines[0].AmountMinor != 10 {
		t.Fatalf("line amount %d", lines[0].AmountMinor)
	}
	// Per-line half-up rounding of amounts: 3 × (1.5 × 0.99 = 1.485 → 1.49).
	lines = []Line{{Quantity: 1500, UnitPriceMinor: 99}, {Quantity: 1500, UnitPriceMinor: 99}, {Quantity: 1500, UnitPriceMinor: 99}}
	if got := Compute(lines, 2000); got != (Totals{Subtotal: 447, Tax: 89, Total: 536}) {
		t.Fatalf("totals %+v", got) // 447 × 0.2 = 89.4 → 89
	}
}

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		y, n int
		want string
	}{{2026, 1, "INV-2026-0001"}, {2026, 42, "INV-2026-0042"}, {2027, 12345, "INV-2027-12345"}} {
		if got := Number(c.y, c.n); got != c.want {
			t.Errorf("Number(%d, %d) = %q, want %q", c.y, c.n, got, c.want)
		}
	}
}

func TestMethodValidation(t *testing.T) {
	bank := MethodInput{Kind: KindBankTransfer, Label: "Bank", BankName: "Harbour Bank", AccountName: "Packline", SortCode: "12-34-56", AccountNumber: "12345678"}
	if err := bank.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := bank
	bad.SortCode = "1234"
	if err := bad.Validate(); err == nil {
		t.Fatal("short sort code accepted")
	}
	card := MethodInput{Kind: KindCardLink, Label: "Card", PaymentURL: "http://pay.example.org/x"}
	if err := card.Validate(); err == nil {
		t.Fatal("http link accepted")
	}
	card.PaymentURL, card.AccountNumber = "https://pay.example.org/x", "4111111111111111"
	if err := card.Validate(); err != nil || card.AccountNumber != "" {
		t.Fatalf("card link: %v, kept account number %q", err, card.AccountNumber)
	}
}

// Minor units written as a decimal, as files (invoices, impact reports) show them.
func TestDecimalDigits(t *testing.T) {
	for minor, want := range map[int64]string{123456: "1234.56", 5: "0.05", -5: "-0.05", 0: "0.00", -120000: "-1200.00"} {
		if got := DecimalDigits(minor, 2); got != want {
			t.Errorf("DecimalDigits(%d, 2) = %q, want %q", minor, got, want)
		}
	}
	if got := DecimalDigits(500, 0); got != "500" {
		t.Errorf("DecimalDigits(500, 0) = %q", got)
	}
	if got := Decimal(500, "JPY"); got != "500" {
		t.Errorf("Decimal(500, JPY) = %q", got)
	}
}
