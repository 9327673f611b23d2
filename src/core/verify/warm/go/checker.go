// The warm Go checker: one long-lived process that type-checks Go code with go/types, as
// `go build` would compile it, so a step costs a type check instead of a `go build` start-up.
// CodeMorph builds it from this file on first use with the workspace's own `go`, into its cache
// folder, and talks to it in JSON lines on standard input and output (docs/warm-checkers.md):
//
//	{"id":1,"op":"ping"}
//	{"id":2,"op":"check-files","cwd":"/abs/dir","files":["/abs/dir/a.go"]}
//	{"id":3,"op":"check-module","cwd":"/abs/module"}
//	{"id":4,"op":"batch","requests":[{"op":"check-files",...},...]}
//
// Each answer carries the request's id and either what `go build` would have said ("code",
// "stdout", "stderr", its messages in its format: "# package" then "./file.go:line:col: text"),
// or "unsupported" (a case only `go build` gets right: cgo, build constraints, dependencies
// outside the module; CodeMorph runs `go build` then), or "error" (the checker failed).
// "batch" answers many requests (a beam round's candidates) in one exchange, "answers" in their
// order, each as it would be alone.
// Standard library only: the workspace may have no network and no golang.org/x/tools.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

const version = 1

// What gc prints at most before "too many errors".
const maxErrors = 10

type request struct {
	ID       int       `json:"id"`
	Op       string    `json:"op"`
	Cwd      string    `json:"cwd"`
	Files    []string  `json:"files"`
	Requests []request `json:"requests"`
}

type response struct {
	ID          int    `json:"id"`
	Version     int    `json:"version,omitempty"`
	Code        int    `json:"code"`
	Stdout      string `json:"stdout"`
	Stderr      string `json:"stderr"`
	Unsupported string `json:"unsupported,omitempty"`
	Error       string `json:"error,omitempty"`
	// "batch": one answer per request, in order
	Answers []response `json:"answers,omitempty"`
}

// The standard library's packages, imported from export data once and kept: they are what makes
// a cold type check slow, and they never change while the process lives.
var stdFset = token.NewFileSet()
var stdGc = importer.ForCompiler(stdFset, "gc", nil)
var stdSource types.Importer
var stdCache = map[string]*types.Package{}

func importStd(path string) (*types.Package, error) {
	if pkg, ok := stdCache[path]; ok {
		return pkg, nil
	}
	pkg, err := stdGc.Import(path)
	if err != nil {
		// no export data for it (a toolchain that ships none and cannot make it): from source
		if stdSource == nil {
			stdSource = importer.ForCompiler(stdFset, "source", nil)
		}
		pkg, err = stdSource.Import(path)
	}
	if err == nil {
		stdCache[path] = pkg
	}
	return pkg, err
}

// A standard-library path has no dot in its first element (the go command's own rule).
func isStd(path string) bool {
	first := strings.SplitN(path, "/", 2)[0]
	return !strings.Contains(first, ".")
}

// One message as gc prints it.
type diag struct {
	pos token.Position
	msg string
}

// A file name as the go command shows it: relative to the folder it runs in, "./" before a file
// directly in it.
func shown(cwd, file string) string {
	rel, err := filepath.Rel(cwd, file)
	if err != nil || len(rel) >= len(file) {
		return file
	}
	if !strings.Contains(rel, string(filepath.Separator)) {
		return "./" + rel
	}
	return rel
}

func format(cwd, header string, diags []diag) string {
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i].pos, diags[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	var out strings.Builder
	out.WriteString("# " + header + "\n")
	for i, d := range diags {
		if i == maxErrors {
			out.WriteString(shown(cwd, d.pos.Filename) + fmt.Sprintf(":%d:%d: too many errors\n", d.pos.Line, d.pos.Column))
			break
		}
		if d.pos.Filename == "" {
			out.WriteString(d.msg + "\n")
		} else {
			out.WriteString(fmt.Sprintf("%s:%d:%d: %s\n", shown(cwd, d.pos.Filename), d.pos.Line, d.pos.Column, d.msg))
		}
	}
	return out.String()
}

// What stops this checker from answering as `go build` would, or "".
func unsupportedFile(f *ast.File) string {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return "cgo"
		}
	}
	for _, group := range f.Comments {
		if group.Pos() >= f.Package {
			break
		}
		for _, c := range group.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				return "build constraints"
			}
		}
	}
	return ""
}

func parseFiles(fset *token.FileSet, files []string) ([]*ast.File, []diag, string) {
	var parsed []*ast.File
	var diags []diag
	for _, name := range files {
		// like gc, one syntax error per line at most
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			list, ok := err.(scanner.ErrorList)
			if !ok {
				return nil, nil, err.Error()
			}
			for _, e := range list {
				diags = append(diags, diag{e.Pos, "syntax error: " + e.Msg})
			}
			continue
		}
		if why := unsupportedFile(f); why != "" {
			return nil, nil, why
		}
		parsed = append(parsed, f)
	}
	return parsed, diags, ""
}

// The linker's complaint about a main package without a main function.
func missingMain(pkg *types.Package) []diag {
	if pkg.Name() != "main" {
		return nil
	}
	if fn, ok := pkg.Scope().Lookup("main").(*types.Func); ok && fn != nil {
		return nil
	}
	return []diag{{token.Position{}, "runtime.main_main·f: function main is undeclared in the main package"}}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func typeCheck(fset *token.FileSet, path string, files []*ast.File, goVersion string, imp types.Importer) (*types.Package, []diag) {
	var diags []diag
	conf := types.Config{
		Importer:  imp,
		GoVersion: goVersion,
		Sizes:     types.SizesFor("gc", runtime.GOARCH),
		Error: func(err error) {
			if e, ok := err.(types.Error); ok {
				diags = append(diags, diag{e.Fset.Position(e.Pos), e.Msg})
			} else {
				diags = append(diags, diag{token.Position{}, err.Error()})
			}
		},
	}
	pkg, _ := conf.Check(path, fset, files, nil)
	return pkg, diags
}

// `go build -o out file.go...`: the files as the package command-line-arguments.
func checkFiles(req request) response {
	fset := token.NewFileSet()
	files, diags, why := parseFiles(fset, req.Files)
	if why != "" {
		return response{ID: req.ID, Unsupported: why}
	}
	if len(diags) == 0 {
		var unsupported string
		imp := importerFunc(func(path string) (*types.Package, error) {
			if !isStd(path) {
				unsupported = "imports outside the standard library"
				return nil, fmt.Errorf("not a standard package: %s", path)
			}
			return importStd(path)
		})
		pkg, typeDiags := typeCheck(fset, "command-line-arguments", files, "", imp)
		if unsupported != "" {
			return response{ID: req.ID, Unsupported: unsupported}
		}
		diags = typeDiags
		if len(diags) == 0 {
			diags = missingMain(pkg)
		}
	}
	if len(diags) == 0 {
		return response{ID: req.ID}
	}
	return response{ID: req.ID, Code: 1, Stderr: format(req.Cwd, "command-line-arguments", diags)}
}

// The module's path and Go version from go.mod, or why this checker cannot stand for `go build`.
func readModule(root string) (string, string, string) {
	if _, err := os.Stat(filepath.Join(root, "vendor")); err == nil {
		return "", "", "a vendor folder"
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err == nil {
		return "", "", "a go.work file"
	}
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", "", "no go.mod"
	}
	var modPath, goVersion string
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(strings.SplitN(line, "//", 2)[0])
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "module":
			if len(fields) > 1 {
				modPath = strings.Trim(fields[1], `"`)
			}
		case "go":
			if len(fields) > 1 {
				goVersion = "go" + fields[1]
			}
		case "require", "replace", "toolchain":
			return "", "", "dependencies in go.mod"
		}
	}
	if modPath == "" {
		return "", "", "no module line in go.mod"
	}
	return modPath, goVersion, ""
}

// The package folders `go build ./...` visits: not testdata, vendor, or a name starting with . or _.
func packageDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root {
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			// a nested module is not part of this one
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		dirs = append(dirs, p)
		return nil
	})
	return dirs, err
}

type modulePackage struct {
	path  string
	dir   string
	files []*ast.File
	pkg   *types.Package
	diags []diag
	done  bool
	busy  bool
}

// `go build ./...` in a module whose imports are its own packages and the standard library.
func checkModule(req request) response {
	root := req.Cwd
	modPath, goVersion, why := readModule(root)
	if why != "" {
		return response{ID: req.ID, Unsupported: why}
	}
	dirs, err := packageDirs(root)
	if err != nil {
		return response{ID: req.ID, Error: err.Error()}
	}
	fset := token.NewFileSet()
	ctx := build.Default
	ctx.CgoEnabled = false
	packages := map[string]*modulePackage{}
	var order []*modulePackage
	var syntax []diag
	var syntaxPkg *modulePackage
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return response{ID: req.ID, Error: err.Error()}
		}
		var names []string
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				continue
			}
			if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
				return response{ID: req.ID, Unsupported: "build constraints"}
			}
			names = append(names, filepath.Join(dir, name))
		}
		if len(names) == 0 {
			continue
		}
		files, diags, why := parseFiles(fset, names)
		if why != "" {
			return response{ID: req.ID, Unsupported: why}
		}
		rel, _ := filepath.Rel(root, dir)
		importPath := modPath
		if rel != "." {
			importPath = modPath + "/" + filepath.ToSlash(rel)
		}
		mp := &modulePackage{path: importPath, dir: dir, files: files}
		if len(diags) > 0 && syntax == nil {
			syntax, syntaxPkg = diags, mp
		}
		packages[importPath] = mp
		order = append(order, mp)
	}
	if syntax != nil {
		// gc stops at the first package that does not parse
		return response{ID: req.ID, Code: 1, Stderr: format(root, syntaxPkg.path, syntax)}
	}
	var unsupported string
	var check func(mp *modulePackage) *types.Package
	imp := importerFunc(func(path string) (*types.Package, error) {
		if mp, ok := packages[path]; ok {
			if mp.busy {
				unsupported = "an import cycle"
				return nil, fmt.Errorf("import cycle through %s", path)
			}
			if pkg := check(mp); pkg != nil && len(mp.diags) == 0 {
				return pkg, nil
			}
			return nil, fmt.Errorf("%s does not compile", path)
		}
		if isStd(path) {
			return importStd(path)
		}
		unsupported = "imports outside the module and the standard library"
		return nil, fmt.Errorf("not in the module: %s", path)
	})
	check = func(mp *modulePackage) *types.Package {
		if mp.done {
			return mp.pkg
		}
		mp.busy = true
		mp.pkg, mp.diags = typeCheck(fset, mp.path, mp.files, goVersion, imp)
		if len(mp.diags) == 0 {
			mp.diags = missingMain(mp.pkg)
		}
		mp.busy = false
		mp.done = true
		return mp.pkg
	}
	// the first failing package, dependencies before what imports them, as the go command reports
	var failed *modulePackage
	for _, mp := range order {
		check(mp)
		if unsupported != "" {
			return response{ID: req.ID, Unsupported: unsupported}
		}
	}
	for _, mp := range order {
		if len(mp.diags) > 0 && !dependsOnFailure(mp, packages) {
			failed = mp
			break
		}
	}
	if failed == nil {
		return response{ID: req.ID}
	}
	return response{ID: req.ID, Code: 1, Stderr: format(root, failed.path, failed.diags)}
}

// Whether a package failed only because a package of the module it imports did.
func dependsOnFailure(mp *modulePackage, packages map[string]*modulePackage) bool {
	for _, f := range mp.files {
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if dep, ok := packages[path]; ok && len(dep.diags) > 0 {
				return true
			}
		}
	}
	return false
}

func handle(req request) (resp response) {
	defer func() {
		if r := recover(); r != nil {
			resp = response{ID: req.ID, Error: fmt.Sprint("panic: ", r)}
		}
	}()
	switch req.Op {
	case "ping":
		return response{ID: req.ID, Version: version}
	case "check-files":
		return checkFiles(req)
	case "check-module":
		return checkModule(req)
	case "batch":
		answers := make([]response, len(req.Requests))
		for i, r := range req.Requests {
			if r.Op == "batch" {
				answers[i] = response{ID: r.ID, Error: "a batch inside a batch"}
				continue
			}
			answers[i] = handle(r)
		}
		return response{ID: req.ID, Answers: answers}
	}
	return response{ID: req.ID, Error: "unknown op " + req.Op}
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := json.NewEncoder(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var req request
			if jerr := json.Unmarshal(line, &req); jerr != nil {
				_ = out.Encode(response{ID: -1, Error: "bad request: " + jerr.Error()})
			} else {
				_ = out.Encode(handle(req))
			}
		}
		if err != nil {
			// the owner closed our input: it is done with us
			return
		}
	}
}
