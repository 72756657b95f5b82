package demo

import (
	"context"
	"time"

	"github.com/packline/packline/internal/messaging"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/storage"
)

// demoChat is the demo's chat: topics with a few days of messages between
// Dana (the demo admin) and Sam, some mentioning the other, so both have
// notifications and unread topics.
var demoChat = []struct {
	topic   string
	starter int // 0 Dana, 1 Sam
	daysAgo int
	lines   []demoLine
}{
	{"Packing line 2", 0, 6, []demoLine{
		{0, 0, "Line 2 starts half an hour early tomorrow: the rice delivery comes at 7."},
		{1, 25, "Noted. I'll tell the morning volunteers at the kiosk."},
		{0, 60 * 20, "The new 1 kg bags are on the shelf by the scales."},
		{1, 60*20 + 14, "@Dana the sealer on line 2 jams with the thin film, can we keep the old rolls for now?"},
		{0, 60*20 + 31, "Yes, use the old rolls until the technician has been."},
		{1, 60 * 46, "Line 2 did 1,240 packs today, best day this month."},
	}},
	{"Deliveries", 1, 4, []demoLine{
		{1, 0, "Lentils from the co-op arrive Thursday, 40 sacks."},
		{0, 12, "Thanks. Please put the certificate of analysis under Docs when it comes."},
		{1, 60 * 26, "@Dana the COA is uploaded, batch code is on the pallet photo too."},
		{0, 60*26 + 40, "Perfect, I've released the batch."},
	}},
	{"Kiosk & PINs", 0, 2, []demoLine{
		{0, 0, "Reminder: volunteers who forget their PIN ask an admin, never share one."},
		{1, 45, "Two new volunteers start Monday, I'll add them in Employees."},
		{0, 60 * 23, "@Sam could you also set their PINs with them present?"},
	}},
}

type demoLine struct {
	by      int // 0 Dana, 1 Sam
	minutes int // after the topic started
	text    string
}

// loadChat writes the demo chat through the messaging service, each message
// at the time it was sent.
func loadChat(ctx context.Context, s Services) error {
	if s.Messaging == nil {
		return nil
	}
	var people [2]messaging.Person
	for i, email := range []string{Email, "sam@packline.local"} {
		if err := s.DB.QueryRow(ctx, `SELECT id, first_name || ' ' || last_name FROM users WHERE email = ?`, email).
			Scan(&people[i].ID, &people[i].Name); err != nil {
			return err
		}
	}
	org := storage.NewOrganisationService(s.DB)
	cal := &organisation.Calendar{Settings: org}
	loc, err := cal.Zone(ctx)
	if err != nil {
		return err
	}
	realNow := s.DB.Clock()
	defer s.DB.SetNow(realNow)
	y, mo, d := realNow().In(loc).Date()
	for _, c := range demoChat {
		// Conversations start at 7:40 in the morning, the organisation's time.
		start := time.Date(y, mo, d-c.daysAgo, 7, 40, 0, 0, loc).UTC()
		s.DB.SetNow(func() time.Time { return start })
		t, err := s.Messaging.CreateTopic(ctx, people[c.starter], c.topic)
		if err != nil {
			return err
		}
		for _, l := range c.lines {
			at := start.Add(time.Duration(l.minutes) * time.Minute)
			s.DB.SetNow(func() time.Time { return at })
			if _, err := s.Messaging.Post(ctx, people[l.by], t.ID, l.text); err != nil {
				return err
			}
		}
	}
	// Dana has read everything but the last topic; her older notifications are read.
	s.DB.SetNow(realNow)
	topics, err := s.Messaging.Topics(ctx, people[0].ID)
	if err != nil {
		return err
	}
	for _, t := range topics[1:] {
		if err := s.Messaging.MarkTopicRead(ctx, people[0].ID, t.ID, 0); err != nil {
			return err
		}
	}
	page, err := s.Messaging.List(ctx, people[0].ID, messaging.Filter{Limit: messaging.MaxList})
	if err != nil || len(page.Notifications) < 3 {
		return err
	}
	var old []int64
	for _, n := range page.Notifications[2:] {
		old = append(old, n.ID)
	}
	_, err = s.Messaging.MarkRead(ctx, people[0].ID, old)
	return err
}
