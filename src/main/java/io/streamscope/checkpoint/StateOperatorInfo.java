package io.streamscope.checkpoint;

import java.util.List;
import java.util.Map;

/**
 * A stateful operator found under {@code state/<operatorId>/}.
 *
 * @param operatorId       operator id
 * @param operatorName     Spark's short name ({@code stateStoreSave}, {@code dedupe}, {@code symmetricHashJoin}, …)
 *                         from operator metadata, or null when the checkpoint predates it (Spark < 4.0)
 * @param metadataVersion  1 or 2 when an operator metadata file was read, else 0
 * @param stores           its stores, by name
 * @param stateVariables   transformWithState's state variables (name → {@code ValueState}, {@code ListState},
 *                         {@code MapState}, {@code TimerState}) from operator metadata v2, in its order; else empty
 */
public record StateOperatorInfo(int operatorId, String operatorName, int metadataVersion, List<StateStoreInfo> stores,
                                Map<String, String> stateVariables) {

    public StateOperatorInfo {
        stores = List.copyOf(stores);
        stateVariables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stateVariables));
    }

    public StateOperatorInfo(int operatorId, String operatorName, int metadataVersion, List<StateStoreInfo> stores) {
        this(operatorId, operatorName, metadataVersion, stores, Map.of());
    }
}
