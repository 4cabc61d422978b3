package io.streamscope.replay.query;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Walking and rewriting expression trees. */
public final class Exprs {

    private Exprs() {
    }

    public static List<Expr> children(Expr expr) {
        if (expr instanceof Expr.Unary e) {
            return List.of(e.child());
        } else if (expr instanceof Expr.Binary e) {
            return List.of(e.left(), e.right());
        } else if (expr instanceof Expr.IsNull e) {
            return List.of(e.child());
        } else if (expr instanceof Expr.In e) {
            List<Expr> all = new ArrayList<>();
            all.add(e.child());
            all.addAll(e.values());
            return all;
        } else if (expr instanceof Expr.Call e) {
            return e.args();
        } else if (expr instanceof Expr.Cast e) {
            return List.of(e.child());
        } else if (expr instanceof Expr.Alias e) {
            return List.of(e.child());
        }
        return List.of();
    }

    /** The expression with {@code rewrite} applied bottom-up to every node. */
    public static Expr transform(Expr expr, UnaryOperator<Expr> rewrite) {
        Expr rebuilt;
        if (expr instanceof Expr.Unary e) {
            rebuilt = new Expr.Unary(e.op(), transform(e.child(), rewrite), e.position());
        } else if (expr instanceof Expr.Binary e) {
            rebuilt = new Expr.Binary(e.op(), transform(e.left(), rewrite), transform(e.right(), rewrite), e.position());
        } else if (expr instanceof Expr.IsNull e) {
            rebuilt = new Expr.IsNull(transform(e.child(), rewrite), e.negated(), e.position());
        } else if (expr instanceof Expr.In e) {
            rebuilt = new Expr.In(transform(e.child(), rewrite), e.values().stream().map(v -> transform(v, rewrite)).toList(), e.position());
        } else if (expr instanceof Expr.Call e) {
            rebuilt = new Expr.Call(e.name(), e.args().stream().map(a -> transform(a, rewrite)).toList(), e.position());
        } else if (expr instanceof Expr.Cast e) {
            rebuilt = new Expr.Cast(transform(e.child(), rewrite), e.type(), e.position());
        } else if (expr instanceof Expr.Alias e) {
            rebuilt = new Expr.Alias(transform(e.child(), rewrite), e.name(), e.position());
        } else {
            rebuilt = expr;
        }
        return rewrite.apply(rebuilt);
    }

    /** The names of every column the expression reads. */
    public static List<String> references(Expr expr) {
        List<String> names = new ArrayList<>();
        collect(expr, names);
        return names;
    }

    private static void collect(Expr expr, List<String> names) {
        if (expr instanceof Expr.ColumnRef ref) {
            names.add(ref.name());
        }
        for (Expr child : children(expr)) {
            collect(child, names);
        }
    }

    /** Without a top-level alias. */
    public static Expr unalias(Expr expr) {
        return expr instanceof Expr.Alias alias ? unalias(alias.child()) : expr;
    }
}
