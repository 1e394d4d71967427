"""The games REST API (DRF): one view per operation, small serializers, one error shape."""
