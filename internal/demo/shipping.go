package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/shipping"
)

// demoShipment logs a shipment of the meals on hand to a partner: planned
// that morning, shipped at at, delivered the next morning (when that has
// passed). Lines take each meal's batches first expiring first.
func demoShipment(ctx context.Context, s Services, itemID map[string]int64, partner string, at time.Time, by *int64, n int) error {
	var lines []shipping.NewLine
	var pallets int
	var weight float64
	for _, meal := range []string{"MEAL-RS6", "MEAL-LV6"} {
		it, err := s.Inventory.GetItem(ctx, itemID[meal])
		if err != nil {
			return err
		}
		// Whole boxes of 36, keeping about a day's packing in reserve.
		left := (it.OnHand - inventory.Units(700)) / inventory.Units(36) * inventory.Units(36)
		if left <= 0 {
			continue
		}
		pouches := int(left / inventory.QuantityScale)
		pallets += (pouches + 719) / 720
		weight += float64(pouches) * 1.35
		for _, b := range it.Batches {
			if left == 0 {
				break
			}
			take := min(left, b.OnHand)
			if take <= 0 {
				continue
			}
			lines = append(lines, shipping.NewLine{BatchID: b.ID, Quantity: take})
			left -= take
		}
	}
	if len(lines) == 0 {
		return nil
	}
	carriers := []string{"Own van", "Gulf Freight", "Own van", "Lone Star LTL"}
	actor := inventory.Actor{UserID: by}
	dest, partnerID, err := demoDestination(ctx, s, partner)
	if err != nil {
		return err
	}
	sh, err := s.Shipping.Create(ctx, shipping.Input{ShipDate: at.Format(time.DateOnly), Destination: dest, PartnerID: partnerID,
		Carrier: carriers[n%len(carriers)], TrackingNumber: fmt.Sprintf("BOL-%s-%02d", at.Format("0102"), n%100),
		Pallets: pallets, WeightKg: weight, Notes: "Keep dry. Deliver to the back dock.", Lines: lines,
		OccurredAt: at.Add(-6 * time.Hour)}, actor)
	if err != nil {
		return err
	}
	if _, err := s.Shipping.ShipAt(ctx, sh.ID, actor, at); err != nil {
		return err
	}
	if done := at.Add(18 * time.Hour); done.Before(s.DB.Now()) {
		_, err = s.Shipping.DeliverAt(ctx, sh.ID, actor, done)
	}
	return err
}
