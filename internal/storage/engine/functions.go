package engine

import (
	"database/sql/driver"
	"fmt"

	"modernc.org/sqlite"

	"github.com/packline/packline/internal/token"
)

// TokenHashFunction is the SQL function that every SQLite connection this
// process opens knows (SQLite has no SHA-256 of its own):
// packline_token_hash(text) is token.Hash of the text, the one form a link's
// token is kept in, and NULL for NULL. A migration that turns stored tokens
// into their hashes calls it; PostgreSQL computes the same with
// encode(sha256(convert_to(t, 'UTF8')), 'hex').
const TokenHashFunction = "packline_token_hash"

// The driver gives a function only to the connections opened after it is
// registered: this runs before any package can open one.
func init() {
	sqlite.MustRegisterDeterministicScalarFunction(TokenHashFunction, 1, tokenHash)
}

func tokenHash(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	switch v := args[0].(type) {
	case nil:
		return nil, nil
	case string:
		return token.Hash(v), nil
	case []byte:
		return token.Hash(string(v)), nil
	}
	return nil, fmt.Errorf("%s takes text, not %T", TokenHashFunction, args[0])
}
