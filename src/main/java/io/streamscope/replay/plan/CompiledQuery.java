package io.streamscope.replay.plan;

import io.streamscope.replay.query.Query;
import io.streamscope.replay.query.Step;

import java.util.List;
import java.util.Optional;

/**
 * A query ready to run: its operators in order, the schema of its input (the stream's value columns) and of its
 * result.
 *
 * @param query     the query as parsed
 * @param optimized its steps after Spark's filter push-down (what actually runs)
 * @param input     the stream's rows
 * @param operators the operators, in the order rows pass them
 * @param ansi      whether arithmetic follows ANSI mode (Spark 4's default)
 */
public record CompiledQuery(Query query, List<Step> optimized, Relation input, List<Operator> operators, boolean ansi) {

    public CompiledQuery {
        optimized = List.copyOf(optimized);
        operators = List.copyOf(operators);
    }

    public Relation output() {
        return operators.isEmpty() ? input : operators.get(operators.size() - 1).output();
    }

    public Optional<Operator.Aggregate> aggregate() {
        return operators.stream().filter(Operator.Aggregate.class::isInstance).map(Operator.Aggregate.class::cast).findFirst();
    }

    public Optional<Operator.Watermark> watermark() {
        return operators.stream().filter(Operator.Watermark.class::isInstance).map(Operator.Watermark.class::cast).findFirst();
    }

    public List<Operator> statefulOperators() {
        return operators.stream().filter(op -> op instanceof Operator.Aggregate || op instanceof Operator.Deduplicate).toList();
    }
}
