package io.streamscope.samples.generator;

import java.io.Serializable;
import java.sql.Timestamp;

/**
 * The value of {@link CustomerActivityProcessor}'s {@code lastOrder} state: a Java bean, so Spark stores it as a struct
 * ({@code Encoders.bean}: the properties in name order, {@code amountCents BIGINT, orderId INT, orderTs TIMESTAMP}).
 */
public class LastOrder implements Serializable {

    private long amountCents;
    private int orderId;
    private Timestamp orderTs;

    public LastOrder() {
    }

    LastOrder(int orderId, long amountCents, Timestamp orderTs) {
        this.orderId = orderId;
        this.amountCents = amountCents;
        this.orderTs = orderTs;
    }

    public long getAmountCents() {
        return amountCents;
    }

    public void setAmountCents(long amountCents) {
        this.amountCents = amountCents;
    }

    public int getOrderId() {
        return orderId;
    }

    public void setOrderId(int orderId) {
        this.orderId = orderId;
    }

    public Timestamp getOrderTs() {
        return orderTs;
    }

    public void setOrderTs(Timestamp orderTs) {
        this.orderTs = orderTs;
    }
}
