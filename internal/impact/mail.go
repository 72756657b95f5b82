package impact

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/timeclock"
)

// SetMonthly switches a project's monthly mail of its report link to its
// client's billing address.
func (s *Service) SetMonthly(ctx context.Context, projectID int64, in MailSetting) (*Mail, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		p, err := tx.LockProject(ctx, projectID)
		if err != nil {
			return err
		}
		if p == nil {
			return errProjectNotFound()
		}
		return tx.SetMonthly(ctx, projectID, in.Monthly)
	})
	if err != nil {
		return nil, err
	}
	return s.MailState(ctx, projectID)
}

// MailState is a project's monthly mail: on or off, to whom, last month sent.
func (s *Service) MailState(ctx context.Context, projectID int64) (*Mail, error) {
	m, err := s.store.MailState(ctx, projectID)
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errProjectNotFound()
	}
	return m, nil
}

// MailMonthly queues, once per project and calendar month (organisation's
// zone), the mail of a new share link (working MailedLinkDays) to the
// client's billing address of every project whose monthly mail is on, in
// the language of the client's latest invoice. base begins the links
// (--public-url); without it nothing is mailed. Instances sharing a database
// may run it at once: the project's lock and its mailed month make it once.
// It returns how many mails were queued; a project that fails does not stop
// the others (the error names each that failed).
func (s *Service) MailMonthly(ctx context.Context, base string) (int, error) {
	if base == "" {
		return 0, nil
	}
	today, err := s.cal.Today(ctx)
	if err != nil {
		return 0, err
	}
	month := today[:7]
	ids, err := s.store.MonthlyDue(ctx, month)
	if err != nil {
		return 0, err
	}
	st, err := s.cal.Settings.Get(ctx)
	if err != nil {
		return 0, err
	}
	loc := st.Location()
	sent := 0
	var errs []error
	for _, id := range ids {
		queued := false
		err := s.store.InTx(ctx, func(tx Tx) error {
			p, err := tx.LockProject(ctx, id)
			if err != nil || p == nil {
				return err
			}
			name, email, lang, monthly, last, err := tx.MailTarget(ctx, id)
			if err != nil {
				return err
			}
			if !monthly || (last != nil && *last >= month) || p.Status == "archived" {
				return nil
			}
			if email == "" {
				// Nobody to mail: the month counts as done, so it is not tried every quarter hour.
				return tx.SetMailedMonth(ctx, id, month)
			}
			d, _ := timeclock.ParseDate(today)
			expires := d.AddDays(MailedLinkDays + 1).Start(loc).UTC()
			// Not held to MaxLinks, which bounds the links people make: the
			// mail's are one a month, and a project full of hand-made links
			// still gets its report.
			l, err := s.insertLink(ctx, tx, id, "Monthly mail "+month, &expires, nil, false)
			if err != nil {
				return err
			}
			m := mail.Render(mail.ImpactReport, lang, email, mail.Data{Org: st.Name, Name: name, Project: p.Name,
				Month: month, Due: d.AddDays(MailedLinkDays).String(), Link: strings.TrimRight(base, "/") + *l.Path})
			if err := tx.QueueMail(ctx, mail.ImpactReport, m); err != nil {
				return err
			}
			queued = true
			return tx.SetMailedMonth(ctx, id, month)
		})
		if err != nil {
			// One project's failure is its own: the others are still mailed.
			errs = append(errs, fmt.Errorf("project %d: %w", id, err))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		if queued {
			sent++
		}
	}
	if sent > 0 && s.Outbox != nil {
		s.Outbox.Wake()
	}
	return sent, errors.Join(errs...)
}
