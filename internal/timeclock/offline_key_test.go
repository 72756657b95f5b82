package timeclock

import "testing"

// The offline punch key is the secret's: the same after a restart and on
// every instance given the secret, another with another secret.
func TestOfflineKeyFollowsTheSecret(t *testing.T) {
	a, _ := NewKeys([]byte("a server secret of sixteen+"))
	b, _ := NewKeys([]byte("a server secret of sixteen+"))
	c, _ := NewKeys([]byte("another server secret, also long"))
	aid, araw := a.OfflinePublicKey()
	bid, braw := b.OfflinePublicKey()
	cid, craw := c.OfflinePublicKey()
	if aid != bid || araw != braw {
		t.Errorf("one secret, two keys: %s %s", aid, bid)
	}
	if aid == cid || araw == craw {
		t.Errorf("two secrets, one key %s", aid)
	}
	if len(aid) != 16 || len(araw) != 87 { // 8 bytes hex; 65 bytes base64url
		t.Errorf("id %q (%d), key of %d characters", aid, len(aid), len(araw))
	}
}
