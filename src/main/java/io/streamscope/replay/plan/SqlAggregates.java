package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.Exprs;

/** Finding aggregate calls in expressions. */
final class SqlAggregates {

    private SqlAggregates() {
    }

    static boolean containsAggregate(Expr expr) {
        if (expr instanceof Expr.Call call && ExpressionCompiler.AGGREGATES.contains(call.name())) {
            return true;
        }
        return Exprs.children(expr).stream().anyMatch(SqlAggregates::containsAggregate);
    }
}
