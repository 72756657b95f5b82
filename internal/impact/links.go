package impact

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/timeclock"
	"github.com/packline/packline/internal/token"
)

// Share links: a project's report opened without signing in (PublicPrefix + token).

// Links lists a project's share links, newest first.
func (s *Service) Links(ctx context.Context, projectID int64) ([]Link, error) {
	p, err := s.store.Project(ctx, projectID)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errProjectNotFound()
	}
	ls, err := s.store.Links(ctx, projectID)
	if err != nil {
		return nil, err
	}
	now := s.cal.Now()
	for i := range ls {
		ls[i].Active = active(&ls[i], now)
	}
	return ls, nil
}

func active(l *Link, now time.Time) bool {
	return l.RevokedAt == nil && (l.ExpiresAt == nil || now.Before(*l.ExpiresAt))
}

// HashToken is how a link's token is kept (token.Hash).
func HashToken(t string) string { return token.Hash(t) }

// CreateLink makes a share link of a project's report; the answer holds its
// path, with the token, this once.
func (s *Service) CreateLink(ctx context.Context, projectID int64, in NewLink, by *int64) (*Link, error) {
	in.Label = strings.TrimSpace(in.Label)
	if utf8.RuneCountInString(in.Label) > MaxLabel {
		return nil, apperr.TooLong("label", MaxLabel)
	}
	var expires *time.Time
	if in.ExpiresOn != nil && *in.ExpiresOn != "" {
		if err := apperr.CheckDate("expires_on", *in.ExpiresOn); err != nil {
			return nil, err
		}
		today, err := s.cal.Today(ctx)
		if err != nil {
			return nil, err
		}
		if *in.ExpiresOn < today {
			return nil, apperr.New(apperr.Invalid, "impact.expiry_past", apperr.Params{"date": *in.ExpiresOn},
				"The link cannot expire before today.").OnField("expires_on")
		}
		loc, err := s.cal.Zone(ctx)
		if err != nil {
			return nil, err
		}
		d, _ := timeclock.ParseDate(*in.ExpiresOn)
		e := d.AddDays(1).Start(loc).UTC() // the link works through that whole day
		expires = &e
	}
	var out *Link
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		out, err = s.insertLink(ctx, tx, projectID, in.Label, expires, by, true)
		return err
	})
	return out, err
}

func (s *Service) insertLink(ctx context.Context, tx Tx, projectID int64, label string, expires *time.Time, by *int64, capped bool) (*Link, error) {
	p, err := tx.LockProject(ctx, projectID)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errProjectNotFound()
	}
	if capped {
		if err := checkLinkCap(ctx, tx, projectID); err != nil {
			return nil, err
		}
	}
	tok, hash, err := token.New()
	if err != nil {
		return nil, err
	}
	l := &Link{ProjectID: projectID, Label: label, ExpiresAt: expires, CreatedAt: tx.Now().UTC().Truncate(time.Millisecond)}
	if err := tx.InsertLink(ctx, l, hash, by); err != nil {
		return nil, err
	}
	path := PublicPrefix + tok
	l.Path = &path
	l.Active = true
	return l, nil
}

// checkLinkCap refuses a link people make once the project has MaxLinks.
func checkLinkCap(ctx context.Context, tx Tx, projectID int64) error {
	n, err := tx.CountLinks(ctx, projectID)
	if err != nil {
		return err
	}
	if n >= MaxLinks {
		return apperr.New(apperr.Conflict, "impact.too_many_links", apperr.Params{"max": MaxLinks},
			"This project has as many share links as it may have; revoke links nobody needs.")
	}
	return nil
}

// RevokeLink ends a share link at once; revoking it again changes nothing.
func (s *Service) RevokeLink(ctx context.Context, projectID, id int64, by *int64) (*Link, error) {
	err := s.store.InTx(ctx, func(tx Tx) error {
		l, err := tx.LockLink(ctx, projectID, id)
		if err != nil {
			return err
		}
		if l == nil {
			return apperr.New(apperr.NotFound, "impact.link_not_found", apperr.Params{"id": id}, "Share link not found.")
		}
		if l.RevokedAt != nil {
			return nil
		}
		return tx.RevokeLink(ctx, id, by)
	})
	if err != nil {
		return nil, err
	}
	ls, err := s.Links(ctx, projectID)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(ls, func(l Link) bool { return l.ID == id })
	return &ls[i], nil
}

// ErrLinkUnknown is a share link that never existed (404).
var ErrLinkUnknown = apperr.New(apperr.NotFound, "impact.link_unknown", nil, "This report link does not exist.")

// PublicReport is the report a share link opens: the project's, from its
// start to today, and nothing else. A revoked link answers 404
// impact.link_revoked, an expired one impact.link_expired.
func (s *Service) PublicReport(ctx context.Context, token string) (*Report, error) {
	if token == "" || len(token) > 100 {
		return nil, ErrLinkUnknown
	}
	l, err := s.store.LinkByHash(ctx, HashToken(token))
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, ErrLinkUnknown
	}
	if l.RevokedAt != nil {
		return nil, apperr.New(apperr.NotFound, "impact.link_revoked", nil, "This report link was revoked; ask its sender for a new one.")
	}
	if !active(l, s.cal.Now()) {
		return nil, apperr.New(apperr.NotFound, "impact.link_expired", apperr.Params{"expired_at": l.ExpiresAt.Format(time.RFC3339)},
			"This report link has expired; ask its sender for a new one.")
	}
	if err := s.store.LinkOpened(ctx, l.ID); err != nil {
		return nil, err
	}
	return s.ProjectReport(ctx, l.ProjectID, "", "")
}
