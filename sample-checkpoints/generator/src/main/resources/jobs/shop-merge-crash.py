# Version B: foreachBatch MERGEs each batch into a Delta table on order_id (idempotent).
# In batch 2 the function fails after the MERGE and before Spark commits: batch 2 will replay.
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

spark = SparkSession.builder.appName("shop-merge-crash").getOrCreate()

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))


def save(batch_df, batch_id):
    table = DeltaTable.forPath(spark, "../shop-merge-crash-table")
    (table.alias("t")
     .merge(batch_df.alias("s"), "t.order_id = s.order_id")
     .whenMatchedUpdateAll()
     .whenNotMatchedInsertAll()
     .execute())
    if batch_id == 2:
        raise RuntimeError("crash after the MERGE, before the commit")


query = (orders.writeStream
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-merge-crash")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
