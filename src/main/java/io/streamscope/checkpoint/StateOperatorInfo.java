package io.streamscope.checkpoint;

import java.util.List;

/**
 * A stateful operator found under {@code state/<operatorId>/}.
 *
 * @param operatorId       operator id
 * @param operatorName     Spark's short name ({@code stateStoreSave}, {@code dedupe}, {@code symmetricHashJoin}, …)
 *                         from operator metadata, or null when the checkpoint predates it (Spark < 4.0)
 * @param metadataVersion  1 or 2 when an operator metadata file was read, else 0
 * @param stores           its stores, by name
 */
public record StateOperatorInfo(int operatorId, String operatorName, int metadataVersion, List<StateStoreInfo> stores) {

    public StateOperatorInfo {
        stores = List.copyOf(stores);
    }
}
