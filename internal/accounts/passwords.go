package accounts

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"strings"
	"sync"

	"github.com/packline/packline/internal/apperr"
)

// commonPasswords is the list of 19,726 common passwords that Django ships
// (django/contrib/auth/common-passwords.txt.gz, BSD licence), one a line.
// Only its entries of MinPassword characters or more can ever match, since
// shorter passwords are refused for their length first.
//
//go:embed common-passwords.txt.gz
var commonPasswords []byte

var (
	commonOnce sync.Once
	common     map[string]struct{}
)

func loadCommon() {
	common = map[string]struct{}{}
	zr, err := gzip.NewReader(bytes.NewReader(commonPasswords))
	if err != nil {
		panic("accounts: the embedded common-password list is broken: " + err.Error())
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); len([]rune(w)) >= MinPassword {
			common[strings.ToLower(w)] = struct{}{}
		}
	}
	if sc.Err() != nil || len(common) == 0 {
		panic("accounts: the embedded common-password list is empty")
	}
}

// IsCommonPassword reports whether p, ignoring case and surrounding spaces,
// is on the list of common passwords.
func IsCommonPassword(p string) bool {
	commonOnce.Do(loadCommon)
	_, ok := common[strings.ToLower(strings.TrimSpace(p))]
	return ok
}

func checkCommon(p string) error {
	if IsCommonPassword(p) {
		return apperr.New(apperr.Invalid, "user.password_common", nil,
			"This password is too common; choose one that is harder to guess.").OnField("password")
	}
	return nil
}
