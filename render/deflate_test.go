package render

import (
	"bytes"
	"compress/zlib"
	"hash/adler32"
	"io"
	"math/rand/v2"
	"testing"
)

// inflate decodes a zlib stream with the standard library.
func inflate(t testing.TB, z []byte) []byte {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("zlib header: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	return out
}

func TestDeflateRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string][]byte{
		"empty":  {},
		"one":    {7},
		"zeros":  make([]byte, 100000),
		"random": nil,
		"rows":   nil,
		"skewed": nil,
	}
	r := make([]byte, 70000)
	for i := range r {
		r[i] = byte(rng.IntN(256))
	}
	cases["random"] = r
	rows := make([]byte, 0, 641*300)
	for y := 0; y < 300; y++ {
		for x := 0; x < 641; x++ {
			v := byte((x / 72) % 2)
			if (x+y)%10 < 4 {
				v += 5
			}
			if rng.IntN(50) == 0 {
				v = byte(rng.IntN(200))
			}
			rows = append(rows, v)
		}
	}
	cases["rows"] = rows
	// Frequencies like Fibonacci numbers force code lengths over 15 bits.
	var sk []byte
	a, b := 1, 1
	for s := 0; s < 25; s++ {
		for i := 0; i < a; i++ {
			sk = append(sk, byte(s*7))
		}
		a, b = b, a+b
	}
	rng.Shuffle(len(sk), func(i, j int) { sk[i], sk[j] = sk[j], sk[i] })
	cases["skewed"] = sk
	for name, data := range cases {
		d := deflater{cands: []int{1, 641, 640, 642, 6410}}
		z := d.zlib(nil, data, adler32.Checksum(data))
		if got := inflate(t, z); !bytes.Equal(got, data) {
			t.Errorf("%s: inflate(deflate(data)) differs: %d bytes, want %d", name, len(got), len(data))
		}
	}
}

func FuzzDeflate(f *testing.F) {
	f.Add([]byte("hello hello hello"), 5)
	f.Add(make([]byte, 1000), 17)
	f.Fuzz(func(t *testing.T, data []byte, stride int) {
		if stride < 1 || stride > 1<<16 {
			return
		}
		d := deflater{cands: []int{1, stride, stride + 1, 3 * stride}}
		if got := inflate(t, d.zlib(nil, data, adler32.Checksum(data))); !bytes.Equal(got, data) {
			t.Fatalf("round trip differs")
		}
	})
}
