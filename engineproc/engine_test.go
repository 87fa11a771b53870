package engineproc

import "testing"

func TestDialHost(t *testing.T) {
	for host, want := range map[string]string{"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "127.0.0.1", "127.0.0.2": "127.0.0.2", "[::1]": "::1"} {
		if got := DialHost(host); got != want {
			t.Errorf("DialHost(%q) = %q, want %q", host, got, want)
		}
	}
}
