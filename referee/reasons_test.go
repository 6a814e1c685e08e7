package referee

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Reasons lists every reason code the package declares (a constant
// named Reason…), once: the catalogs give each its own sentence.
func TestReasonsListed(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range vs.Names {
				if lit, ok := valueOf(vs, i); ok && strings.HasPrefix(name.Name, "Reason") {
					v, _ := strconv.Unquote(lit.Value)
					declared = append(declared, v)
				}
			}
			return true
		})
	}
	listed := Reasons()
	slices.Sort(declared)
	sorted := slices.Clone(listed)
	slices.Sort(sorted)
	if !slices.Equal(declared, sorted) {
		t.Errorf("declared reasons %q; Reasons() lists %q", declared, listed)
	}
	if len(slices.Compact(sorted)) != len(listed) {
		t.Errorf("Reasons() lists a code twice: %q", listed)
	}
}

// valueOf is the literal value of a constant's i-th name, if it has one.
func valueOf(vs *ast.ValueSpec, i int) (*ast.BasicLit, bool) {
	if i >= len(vs.Values) {
		return nil, false
	}
	lit, ok := vs.Values[i].(*ast.BasicLit)
	return lit, ok
}
