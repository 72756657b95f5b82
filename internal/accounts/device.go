package accounts

import "strings"

// MaxDevice bounds the stored device name.
const MaxDevice = 60

// DeviceName is a short form of a User-Agent for the sessions list: the
// browser and the system, such as "Firefox · Windows" or "Safari · iPhone";
// "" when neither is recognised. Order matters: Edge and Opera also say
// Chrome, Chrome also says Safari, Android also says Linux.
func DeviceName(ua string) string {
	if len(ua) > 1024 {
		ua = ua[:1024]
	}
	browser := firstMatch(ua, [][2]string{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
		{"CriOS/", "Chrome"}, {"Chromium/", "Chromium"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
		{"curl/", "curl"},
	})
	system := firstMatch(ua, [][2]string{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"CrOS", "ChromeOS"},
		{"Windows", "Windows"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	})
	name := strings.Join(nonEmpty(browser, system), " · ")
	if len(name) > MaxDevice {
		name = name[:MaxDevice]
	}
	return name
}

func firstMatch(s string, table [][2]string) string {
	for _, e := range table {
		if strings.Contains(s, e[0]) {
			return e[1]
		}
	}
	return ""
}

func nonEmpty(parts ...string) []string {
	out := parts[:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
