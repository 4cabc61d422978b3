package io.streamscope.replay;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.SchemaException;

import java.util.List;
import java.util.Optional;

/**
 * The decoding nearly every job writes — {@code select(from_json(col("value").cast("string"), schema).alias("o"))
 * .select("o.*")} — recognised so that a source's rows come straight from each value's bytes, the rows the two
 * projections would give (a null value a row of nulls, as {@code o.*} of a null struct), without a Kafka row and a
 * struct between.
 */
final class DirectDecoding {

    private DirectDecoding() {
    }

    static Optional<RowDecoder> of(List<Step> decode) {
        if (decode.size() != 2 || !(decode.get(0) instanceof Step.Project first) || first.columns().size() != 1
                || !(decode.get(1) instanceof Step.Project second) || second.columns().size() != 1) {
            return Optional.empty();
        }
        if (!(first.columns().get(0) instanceof Expr.Alias alias) || !(alias.child() instanceof Expr.Call call)
                || !call.name().equals("from_json") || call.args().size() != 2
                || !(call.args().get(1) instanceof Expr.Literal literal) || !(literal.value() instanceof String ddl)) {
            return Optional.empty();
        }
        Expr json = call.args().get(0);
        boolean value = json instanceof Expr.Cast cast && cast.type() == SparkType.Atomic.STRING
                && cast.child() instanceof Expr.ColumnRef ref && ref.name().equalsIgnoreCase("value");
        if (!value || !(second.columns().get(0) instanceof Expr.ColumnRef star)
                || !star.name().equalsIgnoreCase(alias.name() + ".*")) {
            return Optional.empty();
        }
        try {
            return Optional.of(RowDecoder.of(DdlParser.parseSchema(ddl)));
        } catch (SchemaException e) {
            return Optional.empty();
        }
    }
}
