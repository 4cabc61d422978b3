package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;

import java.util.ArrayList;
import java.util.List;

/** One state store the user can look at: operator and store, with a label such as "0 · stateStoreSave · default". */
public record StoreChoice(StateOperatorInfo operator, StateStoreInfo store) {

    public static List<StoreChoice> of(Checkpoint checkpoint) {
        List<StoreChoice> choices = new ArrayList<>();
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                choices.add(new StoreChoice(operator, store));
            }
        }
        return choices;
    }

    public String label() {
        String name = operator.operatorName() == null ? "operator " + operator.operatorId()
                : operator.operatorId() + " · " + operator.operatorName();
        return name + " · " + store.storeName() + " (" + store.provider().label() + ", " + store.numPartitions() + " partitions)";
    }

    @Override
    public String toString() {
        return label();
    }
}
