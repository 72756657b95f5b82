package app

import (
	"context"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/organisation"
)

// mailing gives the accounts service its outbox and the organisation's
// name and signup setting.
func mailing(outbox *mail.Outbox, org *organisation.Service) *accounts.Mailing {
	return &accounts.Mailing{Outbox: outbox, Org: func(ctx context.Context) (string, bool, error) {
		st, err := org.Get(ctx)
		return st.Name, st.SignupOpen, err
	}}
}
