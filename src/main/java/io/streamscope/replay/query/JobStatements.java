package io.streamscope.replay.query;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Splits a job's tokens into statements: at a line end outside brackets (unless the next line goes on with
 * {@code .method} or the line ends with an operator), at {@code ;}, and at Scala's block braces ({@code object Job
 * {}, {@code def main(…) = {}) which also nest the statements inside them.
 */
final class JobStatements {

    /**
     * Tokens {@code [from, to)} of the job.
     *
     * @param column      the 0-based column of its first token (Python's indentation)
     * @param level       how many Scala blocks it is inside
     * @param opensBlock  whether it ends with a block's {@code {}
     */
    record Statement(int from, int to, int column, int level, boolean opensBlock) {
    }

    private static final Set<String> CONTINUING = Set.of(".", ",", "+", "-", "*", "/", "&&", "||", "&", "|", "==",
            "===", "=", "(", "[", "->", "=>", "\\");

    private JobStatements() {
    }

    static List<Statement> split(List<Token> tokens, String text, boolean scala) {
        List<Statement> statements = new ArrayList<>();
        Deque<Character> open = new ArrayDeque<>();
        int depth = 0;
        int level = 0;
        int start = 0;
        int last = tokens.size() - 1; // the EOF token
        for (int i = 0; i < last; i++) {
            Token token = tokens.get(i);
            if (i > start && depth == 0 && lineBreakBefore(tokens, i, text) && !continues(tokens, i)) {
                statements.add(statement(tokens, text, start, i, level, false));
                start = i;
            }
            if (token.is(";") && depth == 0) {
                add(statements, tokens, text, start, i, level, false);
                start = i + 1;
            } else if (token.is("(") || token.is("[")) {
                open.push('(');
                depth++;
            } else if ((token.is(")") || token.is("]")) && !open.isEmpty() && open.peek() == '(') {
                open.pop();
                depth--;
            } else if (token.is("{")) {
                boolean inline = !scala || depth > 0 || (i >= 2 && tokens.get(i - 1).kind() == Token.Kind.IDENT
                        && tokens.get(i - 2).is("."));
                if (inline) {
                    open.push('(');
                    depth++;
                } else {
                    add(statements, tokens, text, start, i, level, true);
                    open.push('{');
                    level++;
                    start = i + 1;
                }
            } else if (token.is("}") && !open.isEmpty()) {
                if (open.pop() == '(') {
                    depth--;
                } else {
                    add(statements, tokens, text, start, i, level, false);
                    level--;
                    start = i + 1;
                }
            }
        }
        add(statements, tokens, text, start, last, level, false);
        return statements;
    }

    private static void add(List<Statement> statements, List<Token> tokens, String text, int from, int to, int level,
                            boolean opensBlock) {
        if (to > from) {
            statements.add(statement(tokens, text, from, to, level, opensBlock));
        } else if (opensBlock && !statements.isEmpty()) {
            Statement previous = statements.remove(statements.size() - 1);
            statements.add(new Statement(previous.from(), previous.to(), previous.column(), previous.level(), true));
        }
    }

    private static Statement statement(List<Token> tokens, String text, int from, int to, int level, boolean opensBlock) {
        int offset = tokens.get(from).start();
        int lineStart = text.lastIndexOf('\n', offset - 1) + 1;
        return new Statement(from, to, offset - lineStart, level, opensBlock);
    }

    private static boolean lineBreakBefore(List<Token> tokens, int i, String text) {
        String gap = text.substring(tokens.get(i - 1).end(), tokens.get(i).start());
        int newline = gap.indexOf('\n');
        if (newline < 0) {
            return false;
        }
        // a backslash before the line end continues the line (Python); a comment may stand between
        String beforeBreak = gap.substring(0, newline).strip();
        return !beforeBreak.endsWith("\\");
    }

    private static boolean continues(List<Token> tokens, int i) {
        Token previous = tokens.get(i - 1);
        Token next = tokens.get(i);
        return next.is(".") || previous.kind() == Token.Kind.SYMBOL && CONTINUING.contains(previous.value());
    }
}
