package payments

import (
	"context"

	"github.com/packline/packline/internal/apperr"
)

// Pricing plans and payment methods: what the group charges and how it is paid.
// Plans lists the plans, archived ones too when asked.
func (s *Service) Plans(ctx context.Context, includeArchived bool) ([]Plan, error) {
	return s.store.Plans(ctx, includeArchived)
}

// CreatePlan adds a plan.
func (s *Service) CreatePlan(ctx context.Context, in PlanInput) (*Plan, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var p *Plan
	err := s.store.InTx(ctx, func(tx Tx) error {
		now := tx.Now()
		p = &Plan{PlanInput: in, CreatedAt: now, UpdatedAt: now}
		return tx.InsertPlan(ctx, p)
	})
	return p, err
}

// UpdatePlan changes or archives a plan. Invoices keep the prices they
// were drafted with.
func (s *Service) UpdatePlan(ctx context.Context, id int64, pt PlanPatch) (*Plan, error) {
	var p *Plan
	err := s.store.InTx(ctx, func(tx Tx) (err error) {
		if p, err = tx.LockPlan(ctx, id); err != nil {
			return err
		}
		if p == nil {
			return errNotFound("plan")
		}
		in := PlanInput{Name: p.Name, Unit: p.Unit, UnitPriceMinor: p.UnitPriceMinor, Period: p.Period}
		setIf(&in.Name, pt.Name)
		setIf(&in.Unit, pt.Unit)
		setIf(&in.UnitPriceMinor, pt.UnitPriceMinor)
		setIf(&in.Period, pt.Period)
		if err := in.Validate(); err != nil {
			return err
		}
		p.Name, p.Unit, p.UnitPriceMinor, p.Period = in.Name, in.Unit, in.UnitPriceMinor, in.Period
		setIf(&p.Archived, pt.Archived)
		p.UpdatedAt = tx.Now()
		return tx.UpdatePlan(ctx, p)
	})
	return p, err
}

// Methods lists the payment methods, the primary first.
func (s *Service) Methods(ctx context.Context, includeArchived bool) ([]Method, error) {
	return s.store.Methods(ctx, includeArchived)
}

// PrimaryMethod is the method whose details invoices show; nil when none.
func (s *Service) PrimaryMethod(ctx context.Context) (*Method, error) {
	return s.store.PrimaryMethod(ctx)
}

// CreateMethod adds a payment method. The first one becomes primary; a
// later one when asked.
func (s *Service) CreateMethod(ctx context.Context, in MethodInput) (*Method, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var id int64
	err := s.store.InTx(ctx, func(tx Tx) error {
		now := tx.Now()
		m := &Method{MethodInput: in, CreatedAt: now, UpdatedAt: now}
		m.Primary = false // SetPrimary below decides, with the other methods in view
		if err := tx.InsertMethod(ctx, m); err != nil {
			return err
		}
		id = m.ID
		return tx.SetPrimary(ctx, m.ID, !in.Primary)
	})
	if err != nil {
		return nil, err
	}
	return s.store.Method(ctx, id)
}

// UpdateMethod changes a method, makes it primary or archives it. The
// primary cannot be archived nor unset: choose another primary first.
func (s *Service) UpdateMethod(ctx context.Context, id int64, pt MethodPatch) (*Method, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		m, err := tx.LockMethod(ctx, id)
		if err != nil {
			return err
		}
		if m == nil {
			return errNotFound("method")
		}
		in := MethodInput{Kind: m.Kind, Label: m.Label, BankName: m.BankName, AccountName: m.AccountName, SortCode: m.SortCode,
			AccountNumber: m.AccountNumber, Notes: m.Notes, PaymentURL: m.PaymentURL}
		setIf(&in.Label, pt.Label)
		setIf(&in.BankName, pt.BankName)
		setIf(&in.AccountName, pt.AccountName)
		setIf(&in.SortCode, pt.SortCode)
		setIf(&in.AccountNumber, pt.AccountNumber)
		setIf(&in.Notes, pt.Notes)
		setIf(&in.PaymentURL, pt.PaymentURL)
		if err := in.Validate(); err != nil {
			return err
		}
		archive := m.Archived
		setIf(&archive, pt.Archived)
		if m.Primary && (archive || (pt.Primary != nil && !*pt.Primary)) {
			return apperr.New(apperr.Conflict, "billing.method_primary", apperr.Params{"label": m.Label},
				m.Label+" is the primary payment method; make another method primary first.")
		}
		if archive && pt.Primary != nil && *pt.Primary {
			return apperr.New(apperr.Conflict, "billing.method_archived", apperr.Params{"label": m.Label},
				m.Label+" is archived; restore it before making it primary.")
		}
		m.Label, m.BankName, m.AccountName, m.SortCode = in.Label, in.BankName, in.AccountName, in.SortCode
		m.AccountNumber, m.Notes, m.PaymentURL, m.Archived, m.UpdatedAt = in.AccountNumber, in.Notes, in.PaymentURL, archive, tx.Now()
		if err := tx.UpdateMethod(ctx, m); err != nil {
			return err
		}
		if pt.Primary != nil && *pt.Primary {
			return tx.SetPrimary(ctx, m.ID, false)
		}
		if !m.Archived {
			return tx.SetPrimary(ctx, m.ID, true) // restored with no primary set: it becomes the one
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.store.Method(ctx, id)
}
