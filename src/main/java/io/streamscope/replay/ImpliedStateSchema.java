package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.state.StoreSchema;
import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.QueryParser;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.SchemaException;
import io.streamscope.replay.plan.Operator;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state schema a query implies, for checkpoints that record none (Spark wrote no schema files before 3.1): an
 * aggregation keeps its grouping key, and as the value its buffer (state format 2, Spark 2.4's default) or the key
 * columns followed by the buffer (format 1, and any checkpoint whose conf does not say); a deduplication keeps its
 * key columns and an empty value. Buffers are as Spark before 3.1 kept them: a decimal sum without {@code isEmpty}.
 */
public final class ImpliedStateSchema {

    static final String FORMAT_KEY = "spark.sql.streaming.aggregation.stateFormatVersion";
    private static final SparkType.Struct EMPTY = new SparkType.Struct(List.of());

    private ImpliedStateSchema() {
    }

    /**
     * The implied schema of each stateful operator of {@code query} whose default store in {@code checkpoint} records
     * none, by operator id. The state format is pinned in the conf of the checkpoint's batches; the first one says it.
     */
    public static Map<Integer, StoreSchema> forStoresWithoutSchema(CompiledQuery query, Checkpoint checkpoint) {
        Map<String, String> conf = checkpoint.batches().isEmpty() ? Map.of()
                : checkpoint.batches().firstEntry().getValue().metadata().conf();
        Map<Integer, StoreSchema> schemas = new HashMap<>();
        for (Operator operator : query.statefulOperators()) {
            int id = StateCheck.operatorId(operator);
            boolean recorded = checkpoint.stateOperators().stream().filter(info -> info.operatorId() == id)
                    .flatMap(info -> info.stores().stream()).anyMatch(store -> store.schema().isPresent());
            if (!recorded) {
                of(operator, conf).ifPresent(schema -> schemas.put(id, schema));
            }
        }
        return schemas;
    }

    /**
     * The implied schemas of the checkpoint's stores without a schema file, from the query and input schema its
     * {@code streamscope.json} gives; empty when there is no such sidecar or its query does not compile.
     */
    public static Map<Integer, StoreSchema> fromSidecar(Checkpoint checkpoint) {
        Optional<Sidecar> sidecar = Sidecar.read(checkpoint.path());
        if (sidecar.isEmpty() || sidecar.get().query() == null || sidecar.get().schema() == null) {
            return Map.of();
        }
        try {
            CompiledQuery query = QueryCompiler.compile(QueryParser.parse(sidecar.get().query()),
                    DdlParser.parseSchema(sidecar.get().schema()), true);
            return forStoresWithoutSchema(query, checkpoint);
        } catch (QueryException | SchemaException e) {
            return Map.of();
        }
    }

    /** The schema {@code operator}'s store has, under the batch conf {@code conf}; empty for operators without one. */
    public static Optional<StoreSchema> of(Operator operator, Map<String, String> conf) {
        String source = "implied by the query (the checkpoint records no schema)";
        if (operator instanceof Operator.Deduplicate dedup) {
            return Optional.of(new StoreSchema(dedup.keySchema(), EMPTY, source));
        }
        if (!(operator instanceof Operator.Aggregate aggregate)) {
            return Optional.empty();
        }
        SparkType.Struct key = aggregate.spec().keySchema();
        List<SparkType.Field> value = new ArrayList<>();
        if (!"2".equals(conf.getOrDefault(FORMAT_KEY, "1"))) {
            value.addAll(key.fields());
        }
        for (SparkType.Field field : aggregate.spec().bufferSchema().fields()) {
            if (!field.name().equals("isEmpty")) { // added to decimal sums in Spark 3.1 (SPARK-28067)
                value.add(field);
            }
        }
        return Optional.of(new StoreSchema(key, new SparkType.Struct(value), source));
    }
}
