// Command interop checks Wrenchmark's transparency log artefacts with Go's golang.org/x/mod/sumdb/note and
// sumdb/tlog, code we did not write. It reads a JSON list of cases on stdin and prints what Go makes of each.
//
// x/mod's note package knows only Ed25519 note signatures (type 0x01); a witness's cosignature/v1 (type 0x04) is
// checked through note.Open with a Verifier written here over crypto/ed25519, exactly as c2sp.org/tlog-cosignature
// defines the signed message.
package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type input struct {
	LogKey     string            `json:"logKey"`
	WitnessKey string            `json:"witnessKey"`
	Note       string            `json:"note"`
	Tiles      map[string]string `json:"tiles"`
	Entries    []string          `json:"entries"`
	Indexes    []int64           `json:"indexes"`
	OldSizes   []int64           `json:"oldSizes"`
}

type output struct {
	VerifiedBy  []string            `json:"verifiedBy"`
	Timestamp   uint64              `json:"timestamp"`
	Size        int64               `json:"size"`
	Paths       map[string]string   `json:"paths"`
	TileData    map[string]string   `json:"tileData"`
	Inclusion   map[string][]string `json:"inclusion"`
	Consistency map[string][]string `json:"consistency"`
	Error       string              `json:"error,omitempty"`
}

// cosigner verifies c2sp.org/tlog-cosignature Ed25519 cosignature/v1 signatures.
type cosigner struct {
	name      string
	hash      uint32
	key       ed25519.PublicKey
	timestamp uint64
}

func newCosigner(vkey string) (*cosigner, error) {
	parts := strings.SplitN(vkey, "+", 3)
	if len(parts) != 3 {
		return nil, fmt.Errorf("malformed cosigner vkey")
	}
	hash, err := strconv.ParseUint(parts[1], 16, 32)
	key, err2 := base64.StdEncoding.DecodeString(parts[2])
	if err != nil || err2 != nil || len(key) != 33 || key[0] != 0x04 {
		return nil, fmt.Errorf("cosigner vkey is not type 0x04")
	}
	sum := sha256.Sum256(append([]byte(parts[0]+"\n"), key...))
	if binary.BigEndian.Uint32(sum[:4]) != uint32(hash) {
		return nil, fmt.Errorf("cosigner key id does not match")
	}
	return &cosigner{name: parts[0], hash: uint32(hash), key: ed25519.PublicKey(key[1:])}, nil
}

func (c *cosigner) Name() string    { return c.name }
func (c *cosigner) KeyHash() uint32 { return c.hash }
func (c *cosigner) Verify(msg, sig []byte) bool {
	if len(sig) != 8+ed25519.SignatureSize {
		return false
	}
	timestamp := binary.BigEndian.Uint64(sig[:8])
	signed := append([]byte(fmt.Sprintf("cosignature/v1\ntime %d\n", timestamp)), msg...)
	if !ed25519.Verify(c.key, signed, sig[8:]) {
		return false
	}
	c.timestamp = timestamp
	return true
}

// tiles serves our tiles to tlog.TileHashReader, whose paths carry the height (tile/8/...) that C2SP leaves out.
type tiles map[string][]byte

func (t tiles) Height() int { return 8 }
func (t tiles) ReadTiles(want []tlog.Tile) ([][]byte, error) {
	var data [][]byte
	for _, tile := range want {
		path := c2spPath(tile)
		d, ok := t[path]
		if !ok {
			return nil, fmt.Errorf("no tile %s", path)
		}
		data = append(data, d)
	}
	return data, nil
}
func (t tiles) SaveTiles([]tlog.Tile, [][]byte) {}

func c2spPath(tile tlog.Tile) string {
	path := strings.Replace(tile.Path(), "tile/8/", "tile/", 1)
	return strings.Replace(path, "tile/data/", "tile/entries/", 1)
}

func hashes(list []tlog.Hash) []string {
	out := []string{}
	for _, h := range list {
		out = append(out, base64.StdEncoding.EncodeToString(h[:]))
	}
	return out
}

func check(in input) (out output, err error) {
	logKey, err := note.NewVerifier(in.LogKey)
	if err != nil {
		return out, err
	}
	witness, err := newCosigner(in.WitnessKey)
	if err != nil {
		return out, err
	}
	n, err := note.Open([]byte(in.Note), note.VerifierList(logKey, witness))
	if err != nil {
		return out, fmt.Errorf("note.Open: %v", err)
	}
	for _, sig := range n.Sigs {
		out.VerifiedBy = append(out.VerifiedBy, sig.Name)
	}
	out.Timestamp = witness.timestamp
	lines := strings.Split(n.Text, "\n")
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		return out, err
	}
	root, err := tlog.ParseHash(lines[2])
	if err != nil {
		return out, err
	}
	out.Size = size
	tree := tlog.Tree{N: size, Hash: root}

	// Go's own stored hashes, from the entries alone, give the tile contents to compare ours with.
	var stored []tlog.Hash
	storage := tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		list := make([]tlog.Hash, len(indexes))
		for i, x := range indexes {
			list[i] = stored[x]
		}
		return list, nil
	})
	for i, e := range in.Entries {
		data, err := base64.StdEncoding.DecodeString(e)
		if err != nil {
			return out, err
		}
		more, err := tlog.StoredHashes(int64(i), data, storage)
		if err != nil {
			return out, err
		}
		stored = append(stored, more...)
	}

	ours := tiles{}
	out.Paths, out.TileData = map[string]string{}, map[string]string{}
	for path, data := range in.Tiles {
		ours[path], err = base64.StdEncoding.DecodeString(data)
		if err != nil {
			return out, err
		}
		goPath := strings.Replace("tile/8/"+strings.TrimPrefix(path, "tile/"), "tile/8/entries/", "tile/8/data/", 1)
		tile, err := tlog.ParseTilePath(goPath)
		if err != nil {
			return out, err
		}
		out.Paths[path] = c2spPath(tile)
		if tile.L >= 0 {
			data, err := tlog.ReadTileData(tile, storage)
			if err != nil {
				return out, err
			}
			out.TileData[path] = base64.StdEncoding.EncodeToString(data)
		}
	}

	reader := tlog.TileHashReader(tree, ours)
	out.Inclusion, out.Consistency = map[string][]string{}, map[string][]string{}
	for _, index := range in.Indexes {
		proof, err := tlog.ProveRecord(size, index, reader)
		if err != nil {
			return out, fmt.Errorf("ProveRecord(%d, %d): %v", size, index, err)
		}
		leaf, _ := base64.StdEncoding.DecodeString(in.Entries[index])
		if err := tlog.CheckRecord(proof, size, root, index, tlog.RecordHash(leaf)); err != nil {
			return out, fmt.Errorf("CheckRecord(%d, %d): %v", size, index, err)
		}
		out.Inclusion[strconv.FormatInt(index, 10)] = hashes(proof)
	}
	for _, old := range in.OldSizes {
		proof, err := tlog.ProveTree(size, old, reader)
		if err != nil {
			return out, fmt.Errorf("ProveTree(%d, %d): %v", size, old, err)
		}
		oldRoot, err := tlog.TreeHash(old, reader)
		if err != nil {
			return out, fmt.Errorf("TreeHash(%d): %v", old, err)
		}
		if err := tlog.CheckTree(proof, size, root, old, oldRoot); err != nil {
			return out, fmt.Errorf("CheckTree(%d, %d): %v", size, old, err)
		}
		out.Consistency[strconv.FormatInt(old, 10)] = hashes(proof)
	}
	return out, nil
}

func main() {
	var cases []input
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var results []output
	for _, c := range cases {
		out, err := check(c)
		if err != nil {
			out.Error = err.Error()
		}
		results = append(results, out)
	}
	var buf bytes.Buffer
	json.NewEncoder(&buf).Encode(results)
	os.Stdout.Write(buf.Bytes())
}
