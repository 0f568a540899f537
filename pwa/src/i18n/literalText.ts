// Finds user-visible text written straight into components instead of the translation files:
// JSX text, string literals rendered as children ({'Bonjour'}, {ok ? 'Oui' : 'Non'}), and
// string literals in the attributes people read or hear (aria-label, alt, title, placeholder,
// label...). Text without letters ('×', '*', '—') is allowed. Used by literalText.test.ts.
import ts from 'typescript';

const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'hint',
  'description',
]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

interface LiteralText {
  line: number;
  text: string;
  where: string;
}

/** String literals an expression would render as they are (not those passed to a call). */
function renderedLiterals(node: ts.Expression, out: ts.Node[]) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node);
  else if (ts.isTemplateExpression(node)) {
    out.push(node.head, ...node.templateSpans.map((span) => span.literal));
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    renderedLiterals(node.expression, out);
  } else if (ts.isConditionalExpression(node)) {
    renderedLiterals(node.whenTrue, out);
    renderedLiterals(node.whenFalse, out);
  } else if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      renderedLiterals(node.left, out);
      renderedLiterals(node.right, out);
    } else if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
      renderedLiterals(node.right, out);
    } else if (op === ts.SyntaxKind.PlusToken) {
      renderedLiterals(node.left, out);
      renderedLiterals(node.right, out);
    }
  }
}

function literalValue(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return node.getText();
}

export function findLiteralText(source: string, fileName = 'component.tsx'): LiteralText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (!hasLetters(text)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ line: line + 1, text: text.trim(), where });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node, node.text, 'JSX text');
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const literals: ts.Node[] = [];
      renderedLiterals(node.expression, literals);
      for (const literal of literals) report(literal, literalValue(literal), 'rendered string');
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(file);
      if (TEXT_ATTRIBUTES.has(name) && node.initializer) {
        if (ts.isStringLiteral(node.initializer)) report(node.initializer, node.initializer.text, `${name}=`);
        else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) {
          const literals: ts.Node[] = [];
          renderedLiterals(node.initializer.expression, literals);
          for (const literal of literals) report(literal, literalValue(literal), `${name}=`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
