package payments

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/organisation"

	"github.com/packline/packline/internal/inventory"
)

// Money is an amount in integer minor units of a currency (cents for USD,
// pence for GBP, yen for JPY): sums are exact and never drift.
//
// The rounding rule, stated once and tested (money_test.go):
//   - a line's amount is quantity × unit price, rounded half up (away from
//     zero; amounts are never negative) to a whole minor unit, per line;
//   - the subtotal is the sum of the line amounts;
//   - tax is subtotal × rate / 10 000 (the rate in basis points: 2000 =
//     20 %), rounded half up once on the invoice subtotal, never per line;
//   - the total is subtotal + tax.

// LineAmount is quantity (thousandths of a unit) × unit price (minor units),
// rounded half up to a whole minor unit.
func LineAmount(q inventory.Quantity, unitPriceMinor int64) int64 {
	p := new(big.Int).Mul(big.NewInt(int64(q)), big.NewInt(unitPriceMinor))
	return divHalfUp(p, inventory.QuantityScale)
}

// TaxAmount is subtotal × rateBP / 10 000, rounded half up.
func TaxAmount(subtotalMinor int64, rateBP int) int64 {
	p := new(big.Int).Mul(big.NewInt(subtotalMinor), big.NewInt(int64(rateBP)))
	return divHalfUp(p, 10_000)
}

// Totals are an invoice's sums.
type Totals struct {
	Subtotal, Tax, Total int64
}

// Compute fills each line's amount and returns the invoice's totals.
func Compute(lines []Line, taxRateBP int) Totals {
	var t Totals
	for i := range lines {
		lines[i].AmountMinor = LineAmount(lines[i].Quantity, lines[i].UnitPriceMinor)
		t.Subtotal += lines[i].AmountMinor
	}
	t.Tax = TaxAmount(t.Subtotal, taxRateBP)
	t.Total = t.Subtotal + t.Tax
	return t
}

// divHalfUp is n / d rounded half away from zero (n ≥ 0 in practice).
func divHalfUp(n *big.Int, d int64) int64 {
	neg := n.Sign() < 0
	a := new(big.Int).Abs(n)
	q, r := new(big.Int).QuoRem(a, big.NewInt(d), new(big.Int))
	if new(big.Int).Mul(r, big.NewInt(2)).Cmp(big.NewInt(d)) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}

// Currencies are the ISO 4217 codes an invoice may be in
// (organisation.Currencies, where the organisation's setting is checked).
var Currencies = organisation.Currencies

// DefaultCurrency is the organisation's currency until an admin sets one.
const DefaultCurrency = organisation.DefaultCurrency

// Decimal writes minor units as a plain decimal in the currency's major
// unit, for files: 123456 USD → "1234.56", 500 JPY → "500".
func Decimal(minor int64, currency string) string {
	digits, ok := Currencies[currency]
	if !ok {
		digits = 2
	}
	return DecimalDigits(minor, digits)
}

// DecimalDigits writes minor units as a plain decimal with digits places
// after the point: 123456, 2 → "1234.56"; 5, 2 → "0.05"; 500, 0 → "500".
func DecimalDigits(minor int64, digits int) string {
	neg := minor < 0
	if neg {
		minor = -minor
	}
	s := strconv.FormatInt(minor, 10)
	if digits > 0 {
		if len(s) <= digits {
			s = strings.Repeat("0", digits-len(s)+1) + s
		}
		s = s[:len(s)-digits] + "." + s[len(s)-digits:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
