package io.streamscope.replay.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The arguments of {@code join(other, …)} after the other side, positionally or with {@code on=}/{@code how=}: a column
 * name, a list of them ({@code ["a", "b"]}, Scala's {@code Seq("a", "b")}), or a condition; then the join type.
 */
final class JoinArgumentsParser {

    private final JobVariables job;
    private final ColumnExprParser.Names names;

    JoinArgumentsParser(JobVariables job, ColumnExprParser.Names names) {
        this.job = job;
        this.names = names;
    }

    /** From after the other side up to and including the {@code )}. */
    JoinArguments parse(Tokens t) throws QueryException {
        List<String> using = new ArrayList<>();
        Optional<Expr> condition = Optional.empty();
        String how = "inner";
        int index = 1;
        while (t.accept(",")) {
            String keyword = null;
            if (t.peek().kind() == Token.Kind.IDENT && t.peek(1).is("=") && !t.peek(2).is("=")) {
                keyword = t.next().value();
                t.next();
            }
            boolean isHow = "how".equals(keyword) || "joinType".equals(keyword)
                    || keyword == null && index == 2 && t.peek().kind() == Token.Kind.STRING;
            if (isHow) {
                String text = job.literalText(t);
                how = text == null ? how : text;
            } else if (t.peek().kind() == Token.Kind.STRING && (t.peek(1).is(",") || t.peek(1).is(")"))) {
                using.add(t.next().value());
            } else if (t.peek().is("[") || t.peek().value().equals("Seq") && t.peek(1).is("(")) {
                columnList(t, using);
            } else {
                condition = Optional.of(new ColumnExprParser(t, null, names).expression());
            }
            index++;
        }
        t.expect(")", "to close join(");
        return new JoinArguments(using, condition, how);
    }

    private static void columnList(Tokens t, List<String> using) throws QueryException {
        boolean scala = !t.peek().is("[");
        t.next();
        if (scala) {
            t.next();
        }
        while (t.peek().kind() == Token.Kind.STRING) {
            using.add(t.next().value());
            t.accept(",");
        }
        t.expect(scala ? ")" : "]", "to close the join's column list");
    }
}
