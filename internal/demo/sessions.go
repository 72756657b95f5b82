package demo

import (
	"context"
	"time"

	"github.com/packline/packline/internal/accounts"
)

// loadSessions signs the demo users in from a few devices in the past days,
// so the sessions list of /preferences shows believable entries: each
// sign-in at its time, then a later use.
func loadSessions(ctx context.Context, s Services) error {
	realNow := s.DB.Clock()
	defer s.DB.SetNow(realNow)
	now := realNow()
	for _, v := range []struct {
		email, device   string
		remember        bool
		signIn, lastUse time.Duration // before now
	}{
		{Email, "Safari · iPhone", true, 74 * time.Hour, 26 * time.Hour},
		{Email, "Edge · Windows", false, 3 * time.Hour, 40 * time.Minute},
		{"sam@packline.local", "Chrome · Android", false, 5 * time.Hour, 2 * time.Hour},
	} {
		s.DB.SetNow(func() time.Time { return now.Add(-v.signIn) })
		_, token, err := s.Accounts.Login(ctx, accounts.Credentials{Email: v.email, Password: Password,
			Remember: v.remember, Client: "demo", Device: v.device})
		if err != nil {
			return err
		}
		s.DB.SetNow(func() time.Time { return now.Add(-v.lastUse) })
		if _, err := s.Accounts.Authenticate(ctx, token); err != nil {
			return err
		}
	}
	return nil
}
