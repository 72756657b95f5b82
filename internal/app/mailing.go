package app

import (
	"context"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/mail"
	"github.com/packline/packline/internal/organisation"
)

// mailing gives the accounts service its mailer (nil: the log) and the
// organisation's name and signup setting.
func mailing(m mail.Sender, org *organisation.Service) *accounts.Mailing {
	return &accounts.Mailing{Sender: m, Org: func(ctx context.Context) (string, bool, error) {
		st, err := org.Get(ctx)
		return st.Name, st.SignupOpen, err
	}}
}
